// Reports of wrong summaries: a caller reports the summary of an answer it received
// (its report link), the owners of the businesses that summary named list the reports about
// them, admins list them all. One report per caller per answer; at most SUMMARY_REPORTS_PER_DAY
// per caller in any 24 hours (counted in the store, so every instance sees the same count).
import type { Static } from 'typebox';
import type { summaryReportBodySchema, summaryReportListQuerySchema } from '../../schemas/endpoints/summaryReports';
import { NotFoundError, RateLimitedError, ValidationError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import type { Principal } from '../../domain/principal';
import {
  SUMMARY_REPORT_WINDOW_SECONDS,
  SUMMARY_REPORTS_PER_DAY,
  type SummaryReport,
} from '../../domain/summaries/summaryReport';
import { summaryHash } from '../../domain/summaries/summaryReportToken';
import type { Store } from '../../ports/store';
import { type CursorPagination, decodeListCursor, paginationOf } from '../listCursor';
import type { ProfileAccess } from '../profileMutation';
import type { SummaryDisclosures } from './summaryDisclosures';

/** A report as sent; `summary` is the text the caller received, kept when it is that answer's. */
export type SummaryReportInput = Static<typeof summaryReportBodySchema>;
type PagedQuery = Static<typeof summaryReportListQuerySchema>;

/** A report as its reader sees it: owners are not told who reported. */
export type PresentedReport = Omit<SummaryReport, 'reporterAccountId' | 'environment'> & { reporterAccountId?: string };

export class SummaryNotFoundError extends NotFoundError {
  constructor() {
    super('This report link was not issued by this service for an answer in this environment', 'SUMMARY_NOT_FOUND');
  }
}

const present = (report: SummaryReport, forAdmin: boolean): PresentedReport => {
  const { environment: _environment, reporterAccountId, ...rest } = report;
  return forAdmin ? { ...rest, reporterAccountId } : rest;
};

export function createSummaryReportService(deps: {
  store: Pick<Store, 'summaryReports'>;
  disclosures: Pick<SummaryDisclosures, 'answerOf'>;
  access: Pick<ProfileAccess, 'owned'>;
  clock: () => Date;
}) {
  const { store, disclosures, access, clock } = deps;

  async function checkLimit(principal: Principal, now: Date): Promise<void> {
    const windowMs = SUMMARY_REPORT_WINDOW_SECONDS * 1000;
    const made = await store.summaryReports.madeSince(principal.accountId, new Date(now.getTime() - windowMs).toISOString());
    if (made.count < SUMMARY_REPORTS_PER_DAY || !made.oldest) return;
    const retryAfter = Math.max(1, Math.ceil((Date.parse(made.oldest) + windowMs - now.getTime()) / 1000));
    throw new RateLimitedError(`At most ${SUMMARY_REPORTS_PER_DAY} summary reports per caller in 24 hours`, retryAfter);
  }

  async function page(filter: Parameters<Store['summaryReports']['page']>[0], query: PagedQuery, forAdmin: boolean) {
    const found = await store.summaryReports.page(filter, { after: decodeListCursor(query.cursor), limit: query.limit });
    return { reports: found.items.map((report) => present(report, forAdmin)), pagination: paginationOf(found, query.limit) };
  }

  return {
    async report(principal: Principal, token: string, input: SummaryReportInput): Promise<{ report: PresentedReport; created: boolean }> {
      const answer = disclosures.answerOf(token);
      // A sandbox answer is reported with a sandbox credential, a live one with a live credential.
      if (!answer || answer.environment !== principal.environment) throw new SummaryNotFoundError();
      if (input.summary !== undefined && summaryHash(input.summary) !== answer.textHash) {
        throw new ValidationError('summary', 'is not the summary this answer carried (send it exactly as received, or leave it out)');
      }
      const now = clock();
      await checkLimit(principal, now);
      const { requestId, environment, businessIds, textHash: _hash, ...provenance } = answer;
      const { report, created } = await store.summaryReports.create({
        id: newId('srp'),
        environment,
        requestId,
        businessIds,
        reason: input.reason,
        ...(input.details !== undefined && { details: input.details }),
        summary: { ...provenance, ...(input.summary !== undefined && { text: input.summary }) },
        reporterAccountId: principal.accountId,
        createdAt: now.toISOString(),
      });
      return { report: present(report, principal.role === 'admin'), created };
    },

    /** The reports whose summary named one of the caller's businesses (an admin may read any business's). */
    async listForBusiness(principal: Principal, businessId: string, query: PagedQuery): Promise<{ reports: PresentedReport[]; pagination: CursorPagination }> {
      if (principal.role !== 'admin') await access.owned(principal, businessId);
      return page({ environment: principal.environment, businessId }, query, principal.role === 'admin');
    },

    /** Every report of the caller's environment (admins; the route checks). */
    listAll(principal: Principal, query: PagedQuery): Promise<{ reports: PresentedReport[]; pagination: CursorPagination }> {
      return page({ environment: principal.environment }, query, true);
    },
  };
}

export type SummaryReportService = ReturnType<typeof createSummaryReportService>;
