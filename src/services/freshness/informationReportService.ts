// Reports that a business closed or that its information is wrong (docs/visibility.md, freshness):
// anyone reports a published business, with a credential or without (then from its client address,
// kept only as a keyed hash); the owner (or an admin) lists the reports and answers each. One open
// report per reporter, business and kind (a repeat answers the first); at most
// INFORMATION_REPORTS_PER_DAY per reporter in any 24 hours, counted in the store so every instance
// sees the same count.
import { createHmac } from 'node:crypto';
import { NotFoundError, ProfileNotFoundError, RateLimitedError } from '../../domain/errors';
import {
  type InformationReport,
  type InformationReportStatus,
  INFORMATION_REPORT_WINDOW_SECONDS,
  INFORMATION_REPORTS_PER_DAY,
  openKeyOf,
} from '../../domain/freshness/informationReport';
import { newId } from '../../domain/ids';
import type { Principal } from '../../domain/principal';
import type { Environment } from '../../domain/profile';
import type { Store } from '../../ports/store';
import { type CursorPagination, decodeListCursor, paginationOf } from '../listCursor';
import type { ProfileAccess } from '../profileMutation';
import type { Static } from 'typebox';
import type { informationReportAnswerBodySchema, informationReportBodySchema } from '../../schemas/endpoints/informationReports';

/** A report as its body makes it, and the owner's answer as its body gives it. */
export type InformationReportInput = Static<typeof informationReportBodySchema>;
export type InformationReportAnswerInput = Static<typeof informationReportAnswerBodySchema>;

/** A report as anyone reads it: never who reported, nor the key that keeps it single. */
export type PresentedInformationReport = Omit<InformationReport, 'environment' | 'reporter' | 'openKey'>;

const present = ({ environment: _environment, reporter: _reporter, openKey: _openKey, ...report }: InformationReport): PresentedInformationReport => report;

export function createInformationReportService(deps: { store: Pick<Store, 'informationReports' | 'profiles'>; access: Pick<ProfileAccess, 'owned'>; clock: () => Date; secret: string }) {
  const { store, access, clock, secret } = deps;

  /** The account that reports, or its address under a key only this service holds (never the address itself). */
  function reporterOf(principal: Principal | undefined, address: string): string {
    if (principal) return `acct:${principal.accountId}`;
    return `addr:${createHmac('sha256', `information-reports:${secret}`).update(address).digest('hex').slice(0, 32)}`;
  }

  async function checkLimit(reporter: string, now: Date): Promise<void> {
    const windowMs = INFORMATION_REPORT_WINDOW_SECONDS * 1000;
    // A report leaves the window the moment Retry-After names: exactly a day after it was made.
    const made = await store.informationReports.madeSince(reporter, new Date(now.getTime() - windowMs + 1).toISOString());
    if (made.count < INFORMATION_REPORTS_PER_DAY || !made.oldest) return;
    const retryAfter = Math.max(1, Math.ceil((Date.parse(made.oldest) + windowMs - now.getTime()) / 1000));
    throw new RateLimitedError(`At most ${INFORMATION_REPORTS_PER_DAY} reports about businesses per reporter in 24 hours`, retryAfter);
  }

  /** The owner's business, or any business for an admin: 404 unknown, 403 someone else's. */
  async function ownedOrAdmin(principal: Principal, businessId: string): Promise<void> {
    if (principal.role !== 'admin') {
      await access.owned(principal, businessId);
      return;
    }
    if (!(await store.profiles.get(principal.environment, businessId))) throw new ProfileNotFoundError(businessId);
  }

  return {
    async report(principal: Principal | undefined, address: string, businessId: string, input: InformationReportInput): Promise<{ report: PresentedInformationReport; created: boolean }> {
      const environment: Environment = principal?.environment ?? 'live';
      const profile = await store.profiles.get(environment, businessId);
      // Only what the public can see can be reported: a draft, a deleted business or a suspended owner's reads as unknown.
      if (!profile || profile.status !== 'published' || profile.ownerSuspended === true) throw new ProfileNotFoundError(businessId);
      const now = clock();
      const reporter = reporterOf(principal, address);
      await checkLimit(reporter, now);
      const fields = { environment, businessId, reporter, kind: input.kind };
      const { report, created } = await store.informationReports.create({
        id: newId('irp'),
        ...fields,
        ...(input.details !== undefined && { details: input.details }),
        openKey: openKeyOf(fields),
        status: 'open',
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      });
      return { report: present(report), created };
    },

    async list(principal: Principal, businessId: string, query: { status?: InformationReportStatus; limit: number; cursor?: string }): Promise<{ reports: PresentedInformationReport[]; pagination: CursorPagination }> {
      await ownedOrAdmin(principal, businessId);
      const found = await store.informationReports.page(
        { environment: principal.environment, businessId, ...(query.status !== undefined && { status: query.status }) },
        { after: decodeListCursor(query.cursor), limit: query.limit },
      );
      return { reports: found.items.map(present), pagination: paginationOf(found, query.limit) };
    },

    /** The owner's answer; answering again replaces the earlier answer. */
    async answer(principal: Principal, businessId: string, reportId: string, input: InformationReportAnswerInput): Promise<PresentedInformationReport> {
      await ownedOrAdmin(principal, businessId);
      const report = await store.informationReports.get(principal.environment, businessId, reportId);
      if (!report) throw new NotFoundError(`No report ${reportId} about business ${businessId}`, 'REPORT_NOT_FOUND');
      const now = clock().toISOString();
      const answered = await store.informationReports.replace({
        ...report,
        status: input.status,
        // Answered: no longer the reporter's open report, so the same reporter may report again.
        openKey: report.id,
        answer: { ...(input.note !== undefined && { note: input.note }), answeredAt: now },
        updatedAt: now,
      });
      if (!answered) throw new NotFoundError(`No report ${reportId} about business ${businessId}`, 'REPORT_NOT_FOUND');
      return present(answered);
    },

    /** Open reports about a business, for its profile status. */
    async openCount(environment: Environment, businessId: string): Promise<number> {
      return (await store.informationReports.page({ environment, businessId, status: 'open' }, { limit: 1 })).total;
    },
  };
}

export type InformationReportService = ReturnType<typeof createInformationReportService>;
