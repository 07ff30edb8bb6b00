// "At most one pending verification per business" as a unique index on a collection of its own.
// A partial unique index (status: 'pending') would say it in one place, but mongo-java-server
// accepts partialFilterExpression and then enforces uniqueness on every document, so this
// portable shape is used on every engine: a slot is claimed on request and freed on decision.
import { Schema } from 'mongoose';
import { environment, recordOptions, requiredTimestamp } from './storedFields';

export interface PendingVerificationDoc {
  environment: 'live' | 'test';
  businessId: string;
  verificationId: string;
  claimedAt: string;
}

export const pendingVerificationSchema = new Schema<PendingVerificationDoc>(
  {
    environment,
    businessId: { type: String, required: true },
    verificationId: { type: String, required: true },
    claimedAt: requiredTimestamp,
  },
  recordOptions('pending_verifications'),
);
pendingVerificationSchema.index({ environment: 1, businessId: 1 }, { unique: true });
