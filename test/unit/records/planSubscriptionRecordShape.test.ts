// A stored plan subscription has one shape where the API touches it: the plan is the one the
// checkout body chose (its mongoose schema, adapters/mongo/schemas/planSubscriptionSchema.ts, takes
// the enum from there), and the SQLite table's generated columns read fields of the record with
// their type and requiredness. The rest is the payment provider's view of the subscription, which
// no answer shows as such (the account's plan follows from it).
import { planSubscriptionSchema } from '../../../src/adapters/mongo/schemas/planSubscriptionSchema';
import { paymentMigrations } from '../../../src/adapters/sqlite/store/paymentSchema';
import { planCheckoutBodySchema } from '../../../src/schemas/endpoints/payments';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const STORED_PLAN_SUBSCRIPTION: Json = {
  type: 'object',
  properties: { plan: presentProperties(planCheckoutBodySchema).plan },
  required: ['plan'],
};

const RULES = {
  // The store's bookkeeping and the provider's view of the subscription.
  storageOnly: [
    '_id', 'provider', 'mode', 'providerCustomerId', 'providerSubscriptionId', 'status', 'currentPeriodEnd', 'cancelAtPeriodEnd', 'stateAt', 'version',
    'createdAt', 'updatedAt',
  ],
  alwaysStored: [],
};

const DDL = ddlOf(paymentMigrations);

describe('the stored plan subscription and the API describe one plan', () => {
  it('stores the plans the checkout body offers', () => {
    expect(storedShapeDifferences(STORED_PLAN_SUBSCRIPTION, planSubscriptionSchema, RULES)).toEqual([]);
  });

  it('reads fields of the record in the SQLite table\'s columns, with their type and requiredness', () => {
    const columns = extractedColumns(DDL, 'plan_subscriptions');
    expect(columns.map((column) => column.path)).toEqual(['mode', 'providerCustomerId', 'version']);
    expect(columnDifferences(columns, planSubscriptionSchema)).toEqual([]);
  });

  it('finds a stored plan enum or field that drifts from the API', () => {
    const drifted = planSubscriptionSchema.clone();
    drifted.path('plan', { type: String, enum: ['free', 'professional', 'enterprise'], required: true });
    drifted.path('seats', { type: Number });
    expect(storedShapeDifferences(STORED_PLAN_SUBSCRIPTION, drifted, RULES)).toEqual([
      'plan: enum is ["enterprise","professional"] in the API, ["enterprise","free","professional"] stored',
      "seats: stored, not in the API's schemas",
    ]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'plan_subscriptions').map((column) => (column.name === 'customer_id' ? { ...column, notNull: true } : column));
    expect(columnDifferences(drifted, planSubscriptionSchema)).toEqual(['customer_id: NOT NULL column of a not always stored field (providerCustomerId)']);
  });
});
