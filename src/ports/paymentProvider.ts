// The payment provider port: what the services need from a provider that takes card payments
// for businesses on their own accounts (Connect-style platforms) and sells the service's plans.
// One adapter today: adapters/stripe. Provider-neutral on purpose: amounts in minor units with
// ISO 4217 currencies, every money-moving call carries an idempotency key the provider honours
// (a retry never charges or refunds twice), the provider's ids are kept as opaque strings, and
// its notifications arrive as domain ProviderEvents. Another provider is another adapter.
import type { ConnectedAccountState, MinorAmount, ProviderEvent, ProviderMode } from '../domain/payments/providerEvent';

export interface CheckoutPage {
  /** The provider's id of the checkout (Stripe: cs_...). */
  sessionId: string;
  /** Where the customer pays. */
  url: string;
  /** ISO instant the provider closes it by itself. */
  expiresAt: string;
}

export interface PaymentCheckoutRequest {
  /** The business's connected account: the charge is made on it. */
  connectedAccountId: string;
  /** What the customer reads on the payment page. */
  description: string;
  amount: MinorAmount;
  /** The platform's cut, minor units of amount.currency; 0 or absent: none. */
  applicationFee?: number;
  /** Our payment id, echoed back on every event about it. */
  reference: string;
  metadata: Record<string, string>;
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  /** When the page should close at the latest (the provider may need a later minimum). */
  closeBy: Date;
  idempotencyKey: string;
}

export interface SubscriptionCheckoutRequest {
  priceId: string;
  reference: string;
  metadata: Record<string, string>;
  customerEmail?: string;
  /** An existing customer of the provider, so one account keeps one customer. */
  customerId?: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export type CheckoutState =
  | { state: 'open' }
  | { state: 'expired' }
  | { state: 'complete'; paid: boolean; paymentIntentId?: string; amount?: MinorAmount };

export interface RefundRequest {
  connectedAccountId?: string;
  paymentIntentId: string;
  /** Minor units; absent: everything not refunded yet. */
  amount?: number;
  reference: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface ProviderRefund {
  providerRefundId: string;
  amount: MinorAmount;
  state: 'pending' | 'succeeded' | 'failed' | 'canceled';
}

export interface PaymentProvider {
  /** 'stripe'. */
  readonly name: string;
  /** The key's mode: a test key never reaches live money. */
  readonly mode: ProviderMode;
  /** A new connected account for a business; `idempotencyKey` makes a retry return the same one. */
  createConnectedAccount(request: { businessId: string; email?: string; country?: string; idempotencyKey: string }): Promise<ConnectedAccountState>;
  getConnectedAccount(providerAccountId: string): Promise<ConnectedAccountState>;
  /** A one-time link to the provider's onboarding form for the account. */
  createOnboardingLink(request: { providerAccountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string; expiresAt: string }>;
  createPaymentCheckout(request: PaymentCheckoutRequest): Promise<CheckoutPage>;
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutPage>;
  getCheckout(sessionId: string, connectedAccountId?: string): Promise<CheckoutState>;
  /** Closes an open checkout so it can no longer be paid; what it is afterwards (complete when it was paid first). */
  expireCheckout(sessionId: string, connectedAccountId?: string): Promise<CheckoutState>;
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Where a customer manages (changes, cancels) the subscriptions of `customerId`. */
  createBillingPortal(request: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
}

/**
 * Verifies a notification the provider POSTed (its raw bytes and its signature header) and reads
 * it; throws InvalidProviderSignature (domain/payments/providerErrors.ts) when it was not signed
 * with one of our secrets, or is too old.
 */
export type ProviderEventVerifier = (rawBody: Buffer, signature: string | undefined) => ProviderEvent;
