// Businesses' accounts at the payment provider and accounts' plan subscriptions on
// MongoDB: one document each, keyed by the business (per environment) or the account, replaced
// whole by a compare-and-swap on `version`; creating one that exists answers the stored one.
import type { Model } from 'mongoose';
import { PreconditionFailedError } from '../../domain/errors';
import type { PaymentAccount } from '../../domain/payments/paymentAccount';
import type { PlanSubscription } from '../../domain/payments/planSubscription';
import type { PaymentAccountRepository, PlanSubscriptionRepository } from '../../ports/payments';
import type { PaymentAccountDoc } from './schemas/paymentAccountSchema';
import type { PlanSubscriptionDoc } from './schemas/planSubscriptionSchema';
import { duplicateKeyIndex, guard } from './translateError';

const accountKey = (environment: string, businessId: string) => `${environment}:${businessId}`;
const toAccount = ({ _id, ...account }: PaymentAccountDoc): PaymentAccount => account;
const toSubscription = ({ _id, ...subscription }: PlanSubscriptionDoc): PlanSubscription => ({ accountId: _id, ...subscription });

/** Inserts `doc` unless its `_id` is taken; other duplicate keys are the caller's to know. */
async function insertOnce<T>(model: Model<T>, doc: T): Promise<void> {
  try {
    await model.create(doc);
  } catch (error) {
    if (duplicateKeyIndex(error) !== '_id_') throw error;
  }
}

export function createPaymentAccountRepository(accounts: Model<PaymentAccountDoc>): PaymentAccountRepository {
  const read = async (filter: Record<string, unknown>) => {
    const doc = await accounts.findOne(filter).lean<PaymentAccountDoc>();
    return doc ? toAccount(doc) : null;
  };
  return {
    create: (account) =>
      guard(async () => {
        await insertOnce(accounts, { _id: accountKey(account.environment, account.businessId), ...account });
        return (await read({ _id: accountKey(account.environment, account.businessId) }))!;
      }),
    get: (environment, businessId) => guard(() => read({ _id: accountKey(environment, businessId) })),
    findByProviderAccount: (mode, providerAccountId) => guard(() => read({ mode, 'state.providerAccountId': providerAccountId })),
    replace: (next, expectedVersion) =>
      guard(async () => {
        const replaced = await accounts.replaceOne({ _id: accountKey(next.environment, next.businessId), version: expectedVersion }, { ...next });
        if (replaced.matchedCount !== 1) throw new PreconditionFailedError(`The payment account of ${next.businessId} is not at version ${expectedVersion}`);
        return structuredClone(next);
      }),
  };
}

export function createPlanSubscriptionRepository(subscriptions: Model<PlanSubscriptionDoc>): PlanSubscriptionRepository {
  const read = async (filter: Record<string, unknown>) => {
    const doc = await subscriptions.findOne(filter).lean<PlanSubscriptionDoc>();
    return doc ? toSubscription(doc) : null;
  };
  return {
    create: (subscription) =>
      guard(async () => {
        const { accountId, ...fields } = subscription;
        await insertOnce(subscriptions, { _id: accountId, ...fields });
        return (await read({ _id: accountId }))!;
      }),
    get: (accountId) => guard(() => read({ _id: accountId })),
    findByCustomer: (mode, providerCustomerId) => guard(() => read({ mode, providerCustomerId })),
    replace: (next, expectedVersion) =>
      guard(async () => {
        const { accountId, ...fields } = next;
        const replaced = await subscriptions.replaceOne({ _id: accountId, version: expectedVersion }, fields);
        if (replaced.matchedCount !== 1) throw new PreconditionFailedError(`The plan subscription of ${accountId} is not at version ${expectedVersion}`);
        return structuredClone(next);
      }),
    lapsed: (now, limit) =>
      guard(async () => {
        const docs = await subscriptions
          .find({ cancelAtPeriodEnd: true, status: { $in: ['active', 'trialing', 'past_due'] }, currentPeriodEnd: { $lte: now } })
          .sort({ currentPeriodEnd: 1 })
          .limit(limit)
          .lean<PlanSubscriptionDoc[]>();
        return docs.map(toSubscription);
      }),
  };
}
