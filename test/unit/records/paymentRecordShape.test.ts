// A stored payment has one shape: its mongoose schema (adapters/mongo/schemas/paymentSchema.ts)
// states every field, type, enum and bound the payment record's JSON Schema states, and the SQLite
// table's generated columns read fields of that record with their type and requiredness. What the
// API shows in another form is described as stored: amounts in the currency's minor units (shown
// in major units), a refund's provider state (shown as its status) and the provider's ids (shown
// as one providerReference).
import { paymentSchema } from '../../../src/adapters/mongo/schemas/paymentSchema';
import { paymentMigrations } from '../../../src/adapters/sqlite/store/paymentSchema';
import { paymentRecordSchema } from '../../../src/schemas/responses/payments';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(paymentRecordSchema);
const refund = presentProperties(record.refunds.items ?? {});
/** Amounts are kept in the currency's minor units, whole numbers (domain/money.ts). */
const MINOR_UNITS: Json = { type: 'integer', minimum: 0 };
/** The provider's own ids, one answered as providerReference (the payment intent's, else the invoice's, else the checkout session's). */
const PROVIDER_ID: Json = { type: 'string' };

const STORED_PAYMENT: Json = {
  type: 'object',
  properties: {
    purpose: record.purpose,
    status: record.status,
    amount: MINOR_UNITS,
    currency: record.currency,
    applicationFee: MINOR_UNITS,
    businessId: record.businessId,
    bookingId: record.bookingId,
    plan: record.plan,
    failureReason: record.failureReason,
    provider: record.provider,
    checkoutSessionId: PROVIDER_ID,
    paymentIntentId: PROVIDER_ID,
    invoiceId: PROVIDER_ID,
    refunds: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: refund.id, amount: MINOR_UNITS, reason: refund.reason, state: refund.status, providerRefundId: refund.providerReference, createdAt: refund.createdAt, updatedAt: refund.updatedAt },
        required: ['id', 'amount', 'reason', 'state', 'createdAt', 'updatedAt'],
      },
    },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    succeededAt: record.succeededAt,
  },
  required: ['purpose', 'status', 'amount', 'currency', 'applicationFee', 'provider', 'refunds', 'createdAt', 'updatedAt'],
};

const RULES = {
  // The store's bookkeeping; the provider mode (answered as livemode); who is paid and who pays;
  // the provider's ids answered nowhere (the connected account, the subscription); the journey
  // the payment converts (analytics).
  storageOnly: ['_id', 'webhookOutbox', 'writeMarks', 'environment', 'mode', 'accountId', 'payerAccountId', 'providerAccountId', 'subscriptionId', 'journeyId', 'version'],
  alwaysStored: [],
};

const DDL = ddlOf(paymentMigrations);

describe('the stored payment and the API describe one record', () => {
  it('has the same fields, types, enums and bounds in the mongoose schema as in the JSON Schemas', () => {
    expect(storedShapeDifferences(STORED_PAYMENT, paymentSchema, RULES)).toEqual([]);
  });

  it('reads fields of the record in the SQLite table\'s columns, with their type and requiredness', () => {
    const columns = extractedColumns(DDL, 'payments');
    expect(columns.map((column) => column.path)).toEqual([
      'environment', 'mode', 'accountId', 'businessId', 'status', 'purpose', 'createdAt', 'checkoutSessionId', 'paymentIntentId', 'invoiceId',
    ]);
    expect(columnDifferences(columns, paymentSchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = paymentSchema.clone();
    drifted.path('status', { type: String, enum: ['pending', 'succeeded'], required: true });
    drifted.path('tip', { type: Number });
    expect(storedShapeDifferences(STORED_PAYMENT, drifted, RULES)).toEqual([
      'status: enum is ["canceled","failed","pending","succeeded"] in the API, ["pending","succeeded"] stored',
      "tip: stored, not in the API's schemas",
    ]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'payments').map((column) => (column.name === 'business_id' ? { ...column, notNull: true } : column));
    expect(columnDifferences(drifted, paymentSchema)).toEqual(['business_id: NOT NULL column of a not always stored field (businessId)']);
  });
});
