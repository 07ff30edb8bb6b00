// Businesses' accounts at the payment provider and accounts' plan subscriptions on
// SQLite: one JSON document a row, keyed by the business (per environment) or the account, with a
// compare-and-swap on `version`; creating one that exists answers the stored one.
import { PreconditionFailedError } from '../../../domain/errors';
import type { PaymentAccount } from '../../../domain/payments/paymentAccount';
import type { PlanSubscription } from '../../../domain/payments/planSubscription';
import type { PaymentAccountRepository, PlanSubscriptionRepository } from '../../../ports/payments';
import type { SqliteDatabase } from '../openDatabase';
import type { Synchronous } from './synchronous';

interface DocRow {
  doc: string;
}

function parse<T>(row: DocRow | undefined): T | null {
  return row ? (JSON.parse(row.doc) as T) : null;
}

export function createPaymentAccountRepository(db: SqliteDatabase): Synchronous<PaymentAccountRepository> {
  const insert = db.prepare<[string, string, string]>('INSERT INTO payment_accounts (environment, business_id, doc) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const byBusiness = db.prepare<[string, string], DocRow>('SELECT doc FROM payment_accounts WHERE environment = ? AND business_id = ?');
  const byProvider = db.prepare<[string, string], DocRow>('SELECT doc FROM payment_accounts WHERE mode = ? AND provider_account_id = ?');
  const swap = db.prepare<[string, string, string, number]>('UPDATE payment_accounts SET doc = ? WHERE environment = ? AND business_id = ? AND version = ?');
  return {
    create(account) {
      insert.run(account.environment, account.businessId, JSON.stringify(account));
      return parse<PaymentAccount>(byBusiness.get(account.environment, account.businessId))!;
    },
    get(environment, businessId) {
      return parse<PaymentAccount>(byBusiness.get(environment, businessId));
    },
    findByProviderAccount(mode, providerAccountId) {
      return parse<PaymentAccount>(byProvider.get(mode, providerAccountId));
    },
    replace(next, expectedVersion) {
      if (swap.run(JSON.stringify(next), next.environment, next.businessId, expectedVersion).changes !== 1) {
        throw new PreconditionFailedError(`The payment account of ${next.businessId} is not at version ${expectedVersion}`);
      }
      return structuredClone(next);
    },
  };
}

export function createPlanSubscriptionRepository(db: SqliteDatabase): Synchronous<PlanSubscriptionRepository> {
  const insert = db.prepare<[string, string]>('INSERT INTO plan_subscriptions (account_id, doc) VALUES (?, ?) ON CONFLICT DO NOTHING');
  const byAccount = db.prepare<[string], DocRow>('SELECT doc FROM plan_subscriptions WHERE account_id = ?');
  const byCustomer = db.prepare<[string, string], DocRow>('SELECT doc FROM plan_subscriptions WHERE mode = ? AND customer_id = ?');
  const swap = db.prepare<[string, string, number]>('UPDATE plan_subscriptions SET doc = ? WHERE account_id = ? AND version = ?');
  const lapsed = db.prepare<[string, number], DocRow>('SELECT doc FROM plan_subscriptions WHERE lapses_at IS NOT NULL AND lapses_at <= ? ORDER BY lapses_at LIMIT ?');
  return {
    create(subscription) {
      insert.run(subscription.accountId, JSON.stringify(subscription));
      return parse<PlanSubscription>(byAccount.get(subscription.accountId))!;
    },
    get(accountId) {
      return parse<PlanSubscription>(byAccount.get(accountId));
    },
    findByCustomer(mode, providerCustomerId) {
      return parse<PlanSubscription>(byCustomer.get(mode, providerCustomerId));
    },
    replace(next, expectedVersion) {
      if (swap.run(JSON.stringify(next), next.accountId, expectedVersion).changes !== 1) {
        throw new PreconditionFailedError(`The plan subscription of ${next.accountId} is not at version ${expectedVersion}`);
      }
      return structuredClone(next);
    },
    lapsed(now, limit) {
      return lapsed.all(now, limit).map((row) => parse<PlanSubscription>(row)!);
    },
  };
}
