// What a payment provider tells us, in the domain's words: the provider adapter turns each of its
// own notifications (Stripe's events) into one ProviderEvent, so nothing above the adapter knows
// a provider's types. Amounts are integers in the currency's minor unit (cents), currencies ISO
// 4217 upper case; `reference` is our own payment id, sent to the provider when the checkout was
// made and echoed back by it.

/** The provider's mode a key, record or event belongs to: test money never touches live records. */
export type ProviderMode = 'test' | 'live';

export interface MinorAmount {
  /** Integer, minor units of `currency` (EUR 12.50 = 1250, JPY 500 = 500). */
  amount: number;
  currency: string;
}

/** A business's account at the provider, where its customers' payments go. */
export interface ConnectedAccountState {
  providerAccountId: string;
  /** It can take charges. */
  chargesEnabled: boolean;
  /** The owner finished the provider's onboarding form. */
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** What the provider still asks for (field names of the provider). */
  requirementsDue: string[];
  /** Why the provider stopped it, when it did. */
  disabledReason?: string;
}

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionState {
  providerSubscriptionId: string;
  providerCustomerId: string;
  status: SubscriptionStatus;
  /** The provider's price ids of its items: which plan it pays for. */
  priceIds: string[];
  /** ISO instant the paid period ends. */
  currentPeriodEnd?: string;
  /** The owner cancelled: it ends at currentPeriodEnd. */
  cancelAtPeriodEnd: boolean;
  /** What we put on it when it was bought (accountId, plan). */
  metadata: Record<string, string>;
}

export type RefundState = 'pending' | 'succeeded' | 'failed' | 'canceled';

/** The change an event announces; `other` for events nothing here acts on. */
export type PaymentChange =
  | {
      kind: 'checkout_completed';
      sessionId: string;
      reference?: string;
      /** The money is in (card payments); false while a delayed method (bank debit) is still on its way. */
      paid: boolean;
      paymentIntentId?: string;
      amount?: MinorAmount;
      customerId?: string;
      subscriptionId?: string;
      metadata: Record<string, string>;
    }
  | { kind: 'checkout_payment_failed'; sessionId: string; reference?: string; reason?: string }
  | { kind: 'checkout_expired'; sessionId: string; reference?: string }
  | { kind: 'payment_succeeded'; paymentIntentId: string; reference?: string; amount?: MinorAmount }
  | { kind: 'payment_failed'; paymentIntentId: string; reference?: string; reason?: string }
  | { kind: 'refund_changed'; providerRefundId: string; paymentIntentId?: string; amount: MinorAmount; state: RefundState; reference?: string; metadata: Record<string, string> }
  | { kind: 'account_changed'; account: ConnectedAccountState }
  | { kind: 'subscription_changed'; subscription: SubscriptionState }
  | { kind: 'invoice_paid'; invoiceId: string; subscriptionId?: string; customerId?: string; amount: MinorAmount }
  | { kind: 'invoice_failed'; invoiceId: string; subscriptionId?: string; customerId?: string; amount: MinorAmount; reason?: string }
  | { kind: 'other' };

export interface ProviderEvent {
  /** The provider's event id (evt_...): events are de-duplicated by it. */
  id: string;
  provider: string;
  mode: ProviderMode;
  /** The provider's own name of the event (checkout.session.completed), kept for the record. */
  type: string;
  /** ISO instant the provider created it: later state wins over earlier, whatever the arrival order. */
  occurredAt: string;
  /** The business's connected account it happened on, for events of connected accounts. */
  connectedAccountId?: string;
  change: PaymentChange;
}
