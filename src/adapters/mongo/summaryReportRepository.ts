// Reports of wrong summaries on MongoDB: one document each; the unique index on
// (environment, requestId, reporterAccountId) keeps one report per caller per answer.
import type { Model } from 'mongoose';
import type { SummaryReport } from '../../domain/summaries/summaryReport';
import type { SummaryReportFilter, SummaryReportRepository } from '../../ports/summaryReports';
import { pageSize, toListPage } from '../keysetPage';
import { afterPosition } from './keysetPage';
import type { SummaryReportDoc } from './schemas/summaryReportSchema';
import { guard } from './translateError';
import { createOrEarlier } from './createOrEarlier';
import { madeSince } from './madeSince';

const toReport = ({ _id, ...report }: SummaryReportDoc): SummaryReport => ({ id: _id, ...report });

const filterOf = (filter: SummaryReportFilter): Record<string, unknown> => ({
  environment: filter.environment,
  ...(filter.businessId !== undefined && { businessIds: filter.businessId }),
});

export function createSummaryReportRepository(reports: Model<SummaryReportDoc>): SummaryReportRepository {
  return {
    create: (report) => guard(() => createOrEarlier(reports, report, { environment: report.environment, requestId: report.requestId, reporterAccountId: report.reporterAccountId }, toReport)),
    page: (filter, options) =>
      guard(async () => {
        const size = pageSize(options);
        const docs = await reports
          .find({ ...filterOf(filter), ...afterPosition(options.after) })
          .sort({ createdAt: 1, _id: 1 })
          .limit(size + 1)
          .lean<SummaryReportDoc[]>();
        return toListPage(docs.map(toReport), size, await reports.countDocuments(filterOf(filter)));
      }),
    madeSince: (reporterAccountId, since) => guard(() => madeSince(reports, { reporterAccountId }, since)),
  };
}
