// Reports that a business closed or that its information is wrong, in the store. Adapters:
// adapters/sqlite/store and adapters/mongo; contract: test/contract/store/informationReports.contract.ts.
import type { InformationReport, InformationReportStatus } from '../domain/freshness/informationReport';
import type { ListPage, ListPageOptions } from '../domain/listPage';
import type { Environment } from '../domain/profile';

export interface InformationReportFilter {
  environment: Environment;
  businessId: string;
  status?: InformationReportStatus;
}

export interface InformationReportRepository {
  /**
   * Stores the report, unless one with the same openKey is stored (the same reporter's open report
   * of the same kind about the same business): then that one, untouched, with `created: false`.
   */
  create(report: InformationReport): Promise<{ report: InformationReport; created: boolean }>;
  get(environment: Environment, businessId: string, id: string): Promise<InformationReport | undefined>;
  /** Replaces the report whole (an owner's answer); undefined when there is none. */
  replace(report: InformationReport): Promise<InformationReport | undefined>;
  /** Oldest first by (createdAt, id), keyset-paged; total counts the filter's matches. */
  page(filter: InformationReportFilter, options: ListPageOptions): Promise<ListPage<InformationReport>>;
  /** How many reports the reporter made at or after `since` (every environment), and when the oldest of them was made. */
  madeSince(reporter: string, since: string): Promise<{ count: number; oldest?: string }>;
}
