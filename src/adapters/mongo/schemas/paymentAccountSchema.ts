import { Schema } from 'mongoose';
import type { PaymentAccount } from '../../../domain/payments/paymentAccount';
import { providerMode } from './paymentSchema';
import { environment, partOptions, recordOptions, requiredTimestamp } from './storedFields';

/** A business's account at the payment provider; `_id` is `<environment>:<businessId>`, one per business. */
export interface PaymentAccountDoc extends PaymentAccount {
  _id: string;
}

/** The provider's view of the account, as the domain reads it (ConnectedAccountState). */
const accountStateSchema = new Schema(
  {
    providerAccountId: { type: String, required: true },
    chargesEnabled: { type: Boolean, required: true },
    detailsSubmitted: { type: Boolean, required: true },
    payoutsEnabled: { type: Boolean, required: true },
    requirementsDue: { type: [String], required: true },
    disabledReason: String,
  },
  partOptions,
);

export const paymentAccountSchema = new Schema<PaymentAccountDoc>(
  {
    _id: { type: String, required: true },
    environment,
    businessId: { type: String, required: true },
    ownerId: { type: String, required: true },
    provider: { type: String, required: true },
    mode: providerMode,
    state: { type: accountStateSchema, required: true },
    stateAt: requiredTimestamp,
    version: { type: Number, required: true },
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  recordOptions('payment_accounts'),
);
paymentAccountSchema.index({ mode: 1, 'state.providerAccountId': 1 }, { unique: true });
