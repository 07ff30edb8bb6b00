// A report from anyone that a public business has closed or that its information is wrong (the
// freshness signals of docs/visibility.md). The owner reads the reports and answers each: fixed
// (the profile now says what is true) or dismissed (it was right). One open report per reporter,
// business and kind: a repeat answers the first. Reporters are accounts when they send a
// credential, else their client address, kept only as a keyed hash.
import type { Environment } from '../profile';

export const INFORMATION_REPORT_KINDS = ['closed', 'wrong_information'] as const;
export type InformationReportKind = (typeof INFORMATION_REPORT_KINDS)[number];

export const INFORMATION_REPORT_STATUSES = ['open', 'fixed', 'dismissed'] as const;
export type InformationReportStatus = (typeof INFORMATION_REPORT_STATUSES)[number];
/** What an owner's answer may set. */
export const INFORMATION_REPORT_ANSWERS = ['fixed', 'dismissed'] as const;
export type InformationReportAnswer = (typeof INFORMATION_REPORT_ANSWERS)[number];

/** Reports one reporter may make in INFORMATION_REPORT_WINDOW_SECONDS, whatever the businesses. */
export const INFORMATION_REPORTS_PER_DAY = 10;
export const INFORMATION_REPORT_WINDOW_SECONDS = 24 * 60 * 60;
export const MAX_INFORMATION_REPORT_TEXT = 1000;

export interface InformationReport {
  /** irp_<id> */
  id: string;
  environment: Environment;
  businessId: string;
  kind: InformationReportKind;
  details?: string;
  /** `acct:<accountId>`, or `addr:<keyed hash of the client address>` for a reporter without a credential. */
  reporter: string;
  /**
   * What keeps one open report per reporter, business and kind: `environment|business|reporter|kind`
   * while open, the report's own id once answered (so the same reporter may report again).
   */
  openKey: string;
  status: InformationReportStatus;
  /** The owner's answer, once given. */
  answer?: { note?: string; answeredAt: string };
  createdAt: string;
  updatedAt: string;
}

export function openKeyOf(report: Pick<InformationReport, 'environment' | 'businessId' | 'reporter' | 'kind'>): string {
  return `${report.environment}|${report.businessId}|${report.reporter}|${report.kind}`;
}
