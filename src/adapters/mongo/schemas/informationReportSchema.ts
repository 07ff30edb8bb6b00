import { Schema } from 'mongoose';
import { INFORMATION_REPORT_KINDS, INFORMATION_REPORT_STATUSES, type InformationReport } from '../../../domain/freshness/informationReport';
import { informationReportAnswerBodySchema, informationReportBodySchema } from '../../../schemas/endpoints/informationReports';
import { leafOf, storedAs } from './storedAs';
import { environment, ownId, partOptions, recordOptions, requiredTimestamp } from './storedFields';

/** A report that a business closed or that its information is wrong; its `irp_` id is the `_id`. */
export interface InformationReportDoc extends Omit<InformationReport, 'id'> {
  _id: string;
}

// Each written text keeps the rules of the body it came in (storedAs.ts).
const answerSchema = new Schema(
  {
    note: storedAs(leafOf(informationReportAnswerBodySchema, 'note')),
    answeredAt: requiredTimestamp,
  },
  partOptions,
);

export const informationReportSchema = new Schema<InformationReportDoc>(
  {
    _id: ownId,
    environment,
    businessId: { type: String, required: true },
    kind: { type: String, enum: INFORMATION_REPORT_KINDS, required: true },
    details: storedAs(leafOf(informationReportBodySchema, 'details')),
    reporter: { type: String, required: true },
    openKey: { type: String, required: true },
    status: { type: String, enum: INFORMATION_REPORT_STATUSES, required: true },
    answer: { type: answerSchema, required: false },
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  recordOptions('information_reports'),
);
// One open report per reporter, business and kind: a repeat finds the first instead of adding another.
informationReportSchema.index({ openKey: 1 }, { unique: true });
informationReportSchema.index({ environment: 1, businessId: 1, createdAt: 1, _id: 1 });
informationReportSchema.index({ reporter: 1, createdAt: 1 });
