import { Schema } from 'mongoose';
import type { PlanSubscription } from '../../../domain/payments/planSubscription';
import { SUBSCRIPTION_STATUSES } from '../../../domain/payments/providerEvent';
import { planCheckoutBodySchema } from '../../../schemas/endpoints/payments';
import { leafOf, storedAs } from './storedAs';
import { providerMode } from './paymentSchema';
import { recordOptions, requiredTimestamp, timestamp } from './storedFields';

/** An account's paid plan at the payment provider; the account's id is the `_id`. */
export interface PlanSubscriptionDoc extends Omit<PlanSubscription, 'accountId'> {
  _id: string;
}

export const planSubscriptionSchema = new Schema<PlanSubscriptionDoc>(
  {
    _id: { type: String, required: true },
    provider: { type: String, required: true },
    mode: providerMode,
    providerCustomerId: String,
    providerSubscriptionId: String,
    // The plan bought, with the rules of the checkout body that chose it (storedAs.ts).
    plan: storedAs(leafOf(planCheckoutBodySchema, 'plan'), true),
    status: { type: String, enum: [...SUBSCRIPTION_STATUSES], required: true },
    currentPeriodEnd: timestamp,
    cancelAtPeriodEnd: { type: Boolean, required: true },
    stateAt: requiredTimestamp,
    version: { type: Number, required: true },
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  recordOptions('plan_subscriptions'),
);
planSubscriptionSchema.index({ mode: 1, providerCustomerId: 1 });
planSubscriptionSchema.index({ cancelAtPeriodEnd: 1, currentPeriodEnd: 1 });
