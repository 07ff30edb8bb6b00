import { Schema } from 'mongoose';
import { type CarriesOutbox, outboxPath } from '../webhooks/embeddedOutbox';
import type { VerificationRequest } from '../../../domain/verification';
import { REQUESTED_LEVELS, requestVerificationBodySchema } from '../../../schemas/endpoints/verification';
import { verificationDecisionBodySchema } from '../../../schemas/endpoints/admin';
import { leafOf, storedAs } from './storedAs';
import { environment, ownId, recordOptions, requiredTimestamp, timestamp } from './storedFields';
import { type CarriesMarks, keepsWriteMarks } from '../writeMarks';

export interface VerificationDoc extends CarriesOutbox, CarriesMarks, Omit<VerificationRequest, 'id'> {
  _id: string;
}

export const verificationSchema = new Schema<VerificationDoc>(
  {
    _id: ownId,
    // Webhook events of the write that stored this document, until relayed (webhooks/embeddedOutbox.ts).
    webhookOutbox: outboxPath,
    businessId: { type: String, required: true },
    environment,
    accountId: { type: String, required: true },
    level: { type: String, enum: REQUESTED_LEVELS, required: true },
    // The documents and the decision's note keep the rules of the bodies they came in (storedAs.ts).
    documents: { type: [storedAs(leafOf(requestVerificationBodySchema, 'documents.[]'))], required: true },
    status: { type: String, enum: ['pending', 'approved', 'rejected'], required: true },
    createdAt: requiredTimestamp,
    decidedAt: timestamp,
    decidedBy: String,
    decisionNote: storedAs(leafOf(verificationDecisionBodySchema, 'note')),
  },
  recordOptions('verifications'),
);
keepsWriteMarks(verificationSchema);
verificationSchema.index({ environment: 1, businessId: 1, createdAt: -1 });
// The admin queue: one environment's pending requests, oldest first (keyset on createdAt, _id).
verificationSchema.index({ environment: 1, status: 1, createdAt: 1, _id: 1 });
