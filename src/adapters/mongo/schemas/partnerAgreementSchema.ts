import { Schema } from 'mongoose';
import { AGREEMENT_STATUSES, PARTNER_AREAS, type PartnerAgreement } from '../../../domain/partnerAgreement';
import { createPartnerAgreementBodySchema } from '../../../schemas/endpoints/partnerAgreements';
import { calendarDateSchema } from '../../../schemas/parts/dates';
import { leafOf, storedAs } from './storedAs';
import { ownId, recordOptions, requiredTimestamp } from './storedFields';
import { type CarriesMarks, keepsWriteMarks } from '../writeMarks';

/** A partnership agreement; its `pag_` id is the `_id`. */
export interface PartnerAgreementDoc extends CarriesMarks, Omit<PartnerAgreement, 'id'> {
  _id: string;
}

// Each written field keeps the rules of the body it came in (storedAs.ts).
const written = (path: string, required?: boolean) => storedAs(leafOf(createPartnerAgreementBodySchema, path), required);

export const partnerAgreementSchema = new Schema<PartnerAgreementDoc>(
  {
    _id: ownId,
    accountId: written('accountId', true),
    partnerName: written('partnerName', true),
    platform: written('platform', true),
    areas: { type: [{ type: String, enum: PARTNER_AREAS }], required: true },
    startDate: storedAs(calendarDateSchema, true),
    endDate: storedAs(calendarDateSchema),
    status: { type: String, enum: AGREEMENT_STATUSES, required: true },
    note: written('note'),
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  recordOptions('partner_agreements'),
);
keepsWriteMarks(partnerAgreementSchema);
partnerAgreementSchema.index({ accountId: 1, createdAt: 1, _id: 1 });
partnerAgreementSchema.index({ createdAt: 1, _id: 1 });
