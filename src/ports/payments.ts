// What the payment services keep: payments with their refunds, the businesses' accounts
// at the provider, the accounts' plan subscriptions, and the inbox of the provider's
// notifications. Part of the Store. Rules every adapter keeps (test/contract/store/payments*.contract.ts):
// - replace is a compare-and-swap on `version` (PreconditionFailedError on mismatch);
// - a payment's webhook events are stored if and only if its write is;
// - the inbox stores an event once per id, and hands each unhandled one to one holder at a time.
import type { ListPage, ListPageOptions } from '../domain/listPage';
import type { Payment, PaymentPurpose, PaymentStatus } from '../domain/payments/payment';
import type { PaymentAccount } from '../domain/payments/paymentAccount';
import type { PlanSubscription } from '../domain/payments/planSubscription';
import type { ProviderEvent, ProviderMode } from '../domain/payments/providerEvent';
import type { StoredProviderEvent } from '../domain/payments/storedProviderEvent';
import type { Environment } from '../domain/profile';
import type { WebhookEvent } from '../domain/webhooks/webhookRecords';

export interface PaymentFilter {
  businessId?: string;
  status?: PaymentStatus;
  purpose?: PaymentPurpose;
}

/** One of the provider's ids a payment is known by. */
export type ProviderReference = { checkoutSessionId: string } | { paymentIntentId: string } | { invoiceId: string };

export interface PaymentRepository {
  /** Stores a new payment with its events; when its id is stored already, that one is returned and nothing is written. */
  create(payment: Payment, events?: readonly WebhookEvent[]): Promise<Payment>;
  get(id: string): Promise<Payment | null>;
  /** The payment of `mode` known by the provider's id, or null. */
  findByProviderReference(mode: ProviderMode, reference: ProviderReference): Promise<Payment | null>;
  replace(next: Payment, expectedVersion: number, events?: readonly WebhookEvent[]): Promise<Payment>;
  /**
   * Payments of one environment newest first by (createdAt, id), keyset-paged after `after`: those
   * an account's records list (`accountId`), or every account's (null, for admins).
   */
  page(environment: Environment, accountId: string | null, filter: PaymentFilter, options: ListPageOptions): Promise<ListPage<Payment>>;
}

export interface PaymentAccountRepository {
  /** Stores it unless the business has one in its environment; answers the one stored either way. */
  create(account: PaymentAccount): Promise<PaymentAccount>;
  get(environment: Environment, businessId: string): Promise<PaymentAccount | null>;
  findByProviderAccount(mode: ProviderMode, providerAccountId: string): Promise<PaymentAccount | null>;
  replace(next: PaymentAccount, expectedVersion: number): Promise<PaymentAccount>;
}

export interface PlanSubscriptionRepository {
  /** Stores it unless the account has one; answers the one stored either way. */
  create(subscription: PlanSubscription): Promise<PlanSubscription>;
  get(accountId: string): Promise<PlanSubscription | null>;
  findByCustomer(mode: ProviderMode, providerCustomerId: string): Promise<PlanSubscription | null>;
  replace(next: PlanSubscription, expectedVersion: number): Promise<PlanSubscription>;
  /** Subscriptions cancelled at their period's end whose period ended by `now` (their plans lapse). */
  lapsed(now: string, limit: number): Promise<PlanSubscription[]>;
}

export interface ProviderEventInbox {
  /** Stores the event unless one with its id is stored; true when it was new. */
  add(event: ProviderEvent, receivedAt: string): Promise<boolean>;
  get(id: string): Promise<StoredProviderEvent | null>;
  /**
   * Leases up to `limit` unhandled events due by `now` (oldest received first) to one caller until
   * `leaseUntil`: no other claim gets them until then, or until they are released.
   */
  claim(now: string, leaseUntil: string, limit: number): Promise<StoredProviderEvent[]>;
  markHandled(id: string, at: string): Promise<void>;
  /** The attempt failed: the lease is released and the event is due again at `retryAt`. */
  markFailed(id: string, error: string, retryAt: string): Promise<void>;
}

export interface PaymentStore {
  readonly payments: PaymentRepository;
  readonly accounts: PaymentAccountRepository;
  readonly subscriptions: PlanSubscriptionRepository;
  readonly inbox: ProviderEventInbox;
}
