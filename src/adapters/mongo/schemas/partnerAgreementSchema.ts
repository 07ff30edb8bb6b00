import { Schema } from 'mongoose';
import { AGREEMENT_STATUSES, PARTNER_AREAS, type PartnerAgreement } from '../../../domain/partnerAgreement';
import { ownId, recordOptions, requiredTimestamp } from './storedFields';
import { type CarriesMarks, keepsWriteMarks } from '../writeMarks';

/** A partnership agreement; its `pag_` id is the `_id`. */
export interface PartnerAgreementDoc extends CarriesMarks, Omit<PartnerAgreement, 'id'> {
  _id: string;
}

const day = { type: String, match: /^\d{4}-\d{2}-\d{2}$/ } as const;

export const partnerAgreementSchema = new Schema<PartnerAgreementDoc>(
  {
    _id: ownId,
    accountId: { type: String, required: true },
    partnerName: { type: String, required: true },
    platform: { type: String, required: true },
    areas: { type: [{ type: String, enum: PARTNER_AREAS }], required: true },
    startDate: { ...day, required: true },
    endDate: { ...day, required: false },
    status: { type: String, enum: AGREEMENT_STATUSES, required: true },
    note: { type: String, required: false },
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  recordOptions('partner_agreements'),
);
keepsWriteMarks(partnerAgreementSchema);
partnerAgreementSchema.index({ accountId: 1, createdAt: 1, _id: 1 });
partnerAgreementSchema.index({ createdAt: 1, _id: 1 });
