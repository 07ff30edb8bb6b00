import { Schema } from 'mongoose';
import { PLANS } from '../../../domain/account';
import { PAYMENT_PURPOSES, PAYMENT_STATUSES, type Payment, REFUND_REASONS } from '../../../domain/payments/payment';
import { type CarriesOutbox, outboxPath } from '../webhooks/embeddedOutbox';
import { type CarriesMarks, keepsWriteMarks } from '../writeMarks';
import { environment, minorUnits, ownId, partOptions, recordOptions, requiredTimestamp, timestamp } from './storedFields';

/** A payment; its `pay_` id is the `_id`; its write's webhook events ride inside it until relayed. */
export interface PaymentDoc extends CarriesOutbox, CarriesMarks, Omit<Payment, 'id'> {
  _id: string;
}

export const providerMode = { type: String, enum: ['test', 'live'], required: true } as const;

const refundSchema = new Schema(
  {
    id: { type: String, required: true },
    amount: minorUnits,
    reason: { type: String, enum: [...REFUND_REASONS], required: true },
    state: { type: String, enum: ['pending', 'succeeded', 'failed', 'canceled'], required: true },
    providerRefundId: String,
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  partOptions,
);

export const paymentSchema = new Schema<PaymentDoc>(
  {
    _id: ownId,
    webhookOutbox: outboxPath,
    environment,
    mode: providerMode,
    provider: { type: String, required: true },
    purpose: { type: String, enum: [...PAYMENT_PURPOSES], required: true },
    accountId: { type: String, required: true },
    payerAccountId: { type: String, required: true },
    businessId: String,
    bookingId: String,
    plan: { type: String, enum: [...PLANS] },
    amount: minorUnits,
    currency: { type: String, required: true },
    applicationFee: minorUnits,
    status: { type: String, enum: [...PAYMENT_STATUSES], required: true },
    failureReason: String,
    providerAccountId: String,
    checkoutSessionId: String,
    paymentIntentId: String,
    invoiceId: String,
    subscriptionId: String,
    refunds: { type: [refundSchema], required: true, default: [] },
    journeyId: String,
    succeededAt: timestamp,
    version: { type: Number, required: true },
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  recordOptions('payments'),
);
keepsWriteMarks(paymentSchema);
paymentSchema.index({ environment: 1, accountId: 1, createdAt: -1, _id: -1 });
paymentSchema.index({ environment: 1, createdAt: -1, _id: -1 });
paymentSchema.index({ mode: 1, checkoutSessionId: 1 });
paymentSchema.index({ mode: 1, paymentIntentId: 1 });
paymentSchema.index({ mode: 1, invoiceId: 1 });
