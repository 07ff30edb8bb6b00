// A stored payment account has one shape: its mongoose schema
// (adapters/mongo/schemas/paymentAccountSchema.ts) states every field and type the payment
// account's JSON Schema states, and the SQLite table's generated columns read fields of that
// record with their type and requiredness. What the API shows in another form is described as
// stored: the provider mode (shown as livemode) and the provider's view of the account (its
// charges, payouts and requirements shown as they are; its status follows from charges and
// whether the owner finished onboarding). The onboarding link is answered, never stored.
import { Schema } from 'mongoose';
import { paymentAccountSchema } from '../../../src/adapters/mongo/schemas/paymentAccountSchema';
import { paymentMigrations } from '../../../src/adapters/sqlite/store/paymentSchema';
import { paymentAccountSchema as paymentAccountRecordSchema } from '../../../src/schemas/responses/payments';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(paymentAccountRecordSchema);

const STORED_PAYMENT_ACCOUNT: Json = {
  type: 'object',
  properties: {
    businessId: record.businessId,
    provider: record.provider,
    state: {
      type: 'object',
      properties: { chargesEnabled: record.chargesEnabled, payoutsEnabled: record.payoutsEnabled, requirementsDue: record.requirementsDue },
      required: ['chargesEnabled', 'payoutsEnabled', 'requirementsDue'],
    },
  },
  required: ['businessId', 'provider', 'state'],
};

const RULES = {
  // The store's bookkeeping and the owner who connected it; the provider mode (answered as
  // livemode) and the provider's account id, whether onboarding is done (answered in status), why
  // it stopped the account, and the provider's time of that view (older notifications are ignored).
  storageOnly: [
    '_id', 'environment', 'ownerId', 'mode', 'version', 'createdAt', 'updatedAt', 'stateAt',
    'state.providerAccountId', 'state.detailsSubmitted', 'state.disabledReason',
  ],
  alwaysStored: [],
};

const DDL = ddlOf(paymentMigrations);

describe('the stored payment account and the API describe one record', () => {
  it('has the same fields and types in the mongoose schema as in the JSON Schema', () => {
    expect(storedShapeDifferences(STORED_PAYMENT_ACCOUNT, paymentAccountSchema, RULES)).toEqual([]);
  });

  it('reads fields of the record in the SQLite table\'s columns, with their type and requiredness', () => {
    const columns = extractedColumns(DDL, 'payment_accounts');
    expect(columns.map((column) => column.path)).toEqual(['mode', 'state.providerAccountId', 'version']);
    expect(columnDifferences(columns, paymentAccountSchema)).toEqual([]);
  });

  it('finds a stored type or field that drifts from the API', () => {
    const drifted = paymentAccountSchema.clone();
    const state = new Schema(
      { providerAccountId: String, chargesEnabled: { type: Boolean, required: true }, payoutsEnabled: { type: String, required: true }, requirementsDue: { type: [String], required: true } },
      { _id: false },
    );
    drifted.path('state', { type: state, required: true });
    drifted.path('country', { type: String });
    expect(storedShapeDifferences(STORED_PAYMENT_ACCOUNT, drifted, RULES)).toEqual([
      'state.payoutsEnabled: type is "Boolean" in the API, "String" stored',
      "country: stored, not in the API's schemas",
    ]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'payment_accounts').map((column) => (column.name === 'version' ? { ...column, type: 'TEXT' } : column));
    expect(columnDifferences(drifted, paymentAccountSchema)).toEqual(['version: TEXT column of a Number field (version)']);
  });
});
