// Reports of wrong consumer-search summaries in the store. Adapters:
// adapters/sqlite/store and adapters/mongo; contract: test/contract/store/summaryReports.contract.ts.
import type { ListPage, ListPageOptions } from '../domain/listPage';
import type { Environment } from '../domain/profile';
import type { SummaryReport } from '../domain/summaries/summaryReport';

export interface SummaryReportFilter {
  environment: Environment;
  /** Only reports whose summary named this business. */
  businessId?: string;
}

export interface SummaryReportRepository {
  /**
   * Stores the report, unless its reporter already reported the same answer (environment and
   * request id): then that earlier report, untouched, with `created: false`.
   */
  create(report: SummaryReport): Promise<{ report: SummaryReport; created: boolean }>;
  /** Oldest first by (createdAt, id), keyset-paged; total counts the filter's matches. */
  page(filter: SummaryReportFilter, options: ListPageOptions): Promise<ListPage<SummaryReport>>;
  /** How many reports the account made at or after `since` (every environment), and when the oldest of them was made. */
  madeSince(reporterAccountId: string, since: string): Promise<{ count: number; oldest?: string }>;
}
