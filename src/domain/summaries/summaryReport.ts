// A report that a consumer search's summary was wrong: what was wrong, which answer
// (its request id), the businesses that summary named (their owners read the reports) and where
// the summary came from. One report per caller per answer; a caller makes at most
// SUMMARY_REPORTS_PER_DAY of them.
import type { Environment } from '../profile';
import type { SummaryProvenance } from './summaryProvenance';

export const SUMMARY_REPORT_REASONS = ['inaccurate', 'not_relevant', 'outdated', 'offensive', 'other'] as const;
export type SummaryReportReason = (typeof SUMMARY_REPORT_REASONS)[number];

/** Reports one caller may make in SUMMARY_REPORT_WINDOW_SECONDS, whatever the answers. */
export const SUMMARY_REPORTS_PER_DAY = 20;
export const SUMMARY_REPORT_WINDOW_SECONDS = 24 * 60 * 60;
export const MAX_SUMMARY_REPORT_DETAILS = 1000;

export interface SummaryReport {
  /** srp_<id> */
  id: string;
  environment: Environment;
  /** The request id (X-Request-ID) of the answer whose summary is reported. */
  requestId: string;
  /** The businesses the summary named, in the answer's order. */
  businessIds: string[];
  reason: SummaryReportReason;
  details?: string;
  summary: SummaryProvenance & {
    /** The summary as the reporter quoted it, kept only when it is the text the answer carried. */
    text?: string;
  };
  reporterAccountId: string;
  createdAt: string;
}
