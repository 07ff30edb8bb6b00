import { Schema } from 'mongoose';
import { SUMMARY_REPORT_REASONS, type SummaryReport } from '../../../domain/summaries/summaryReport';
import { SUMMARY_GENERATORS } from '../../../domain/summaries/summaryProvenance';
import { summaryReportBodySchema } from '../../../schemas/endpoints/summaryReports';
import { leafOf, storedAs } from './storedAs';
import { environment, ownId, partOptions, recordOptions, requiredTimestamp } from './storedFields';

/** A report of a wrong summary; its `srp_` id is the `_id`. */
export interface SummaryReportDoc extends Omit<SummaryReport, 'id'> {
  _id: string;
}

const provenanceSchema = new Schema(
  {
    generatedBy: { type: String, enum: SUMMARY_GENERATORS, required: true },
    model: { type: String, required: false },
    generatedAt: { type: String, required: true },
    // The summary as the reporter quoted it, with the rules of the body it came in (storedAs.ts).
    text: storedAs(leafOf(summaryReportBodySchema, 'summary')),
  },
  partOptions,
);

export const summaryReportSchema = new Schema<SummaryReportDoc>(
  {
    _id: ownId,
    environment,
    requestId: { type: String, required: true },
    businessIds: { type: [String], required: true },
    reason: { type: String, enum: SUMMARY_REPORT_REASONS, required: true },
    details: storedAs(leafOf(summaryReportBodySchema, 'details')),
    summary: { type: provenanceSchema, required: true },
    reporterAccountId: { type: String, required: true },
    createdAt: requiredTimestamp,
  },
  recordOptions('summary_reports'),
);
// One report per caller per answer: a repeat finds the first instead of adding another.
summaryReportSchema.index({ environment: 1, requestId: 1, reporterAccountId: 1 }, { unique: true });
summaryReportSchema.index({ environment: 1, createdAt: 1, _id: 1 });
summaryReportSchema.index({ environment: 1, businessIds: 1, createdAt: 1, _id: 1 });
summaryReportSchema.index({ reporterAccountId: 1, createdAt: 1 });
