// Reports that a business closed or that its information is wrong, on MongoDB: one document each;
// the unique index on openKey keeps one open report per reporter, business and kind.
import type { Model } from 'mongoose';
import type { InformationReport } from '../../domain/freshness/informationReport';
import type { InformationReportFilter, InformationReportRepository } from '../../ports/informationReports';
import { pageSize, toListPage } from '../keysetPage';
import { afterPosition } from './keysetPage';
import type { InformationReportDoc } from './schemas/informationReportSchema';
import { guard } from './translateError';
import { createOrEarlier } from './createOrEarlier';
import { madeSince } from './madeSince';

const toReport = ({ _id, ...report }: InformationReportDoc): InformationReport => ({ id: _id, ...report });

const filterOf = (filter: InformationReportFilter): Record<string, unknown> => ({
  environment: filter.environment,
  businessId: filter.businessId,
  ...(filter.status !== undefined && { status: filter.status }),
});

export function createInformationReportRepository(reports: Model<InformationReportDoc>): InformationReportRepository {
  return {
    create: (report) => guard(() => createOrEarlier(reports, report, { openKey: report.openKey }, toReport)),
    get: (environment, businessId, id) =>
      guard(async () => {
        const doc = await reports.findOne({ _id: id, environment, businessId }).lean<InformationReportDoc>();
        return doc ? toReport(doc) : undefined;
      }),
    replace: (report) =>
      guard(async () => {
        const { id, ...fields } = report;
        const replaced = await reports.replaceOne({ _id: id, environment: report.environment }, fields);
        return replaced.matchedCount === 1 ? structuredClone(report) : undefined;
      }),
    page: (filter, options) =>
      guard(async () => {
        const size = pageSize(options);
        const docs = await reports
          .find({ ...filterOf(filter), ...afterPosition(options.after) })
          .sort({ createdAt: 1, _id: 1 })
          .limit(size + 1)
          .lean<InformationReportDoc[]>();
        return toListPage(docs.map(toReport), size, await reports.countDocuments(filterOf(filter)));
      }),
    madeSince: (reporter, since) => guard(() => madeSince(reports, { reporter }, since)),
  };
}
