// The payment provider port on Stripe (the official SDK). Businesses are Stripe Connect accounts
// the platform creates (Standard-like: the business owns its Stripe dashboard and pays Stripe's
// fees; Stripe collects what the business must provide); a booking's payment is a Checkout
// Session made on the business's account (a direct charge, the platform's application fee on
// top), a plan is a Checkout Session in subscription mode on the platform's account. Every
// create sends the caller's idempotency key, so a retried call returns the first result.
import type Stripe from 'stripe';
import { ProviderRefusal } from '../../domain/payments/providerErrors';
import type { ConnectedAccountState } from '../../domain/payments/providerEvent';
import type { CheckoutPage, CheckoutState, PaymentProvider } from '../../ports/paymentProvider';
import { createStripeClient, stripeCall, type StripeClientOptions } from './stripeClient';
import { accountState, minorAmount, refundState } from './stripeObjects';

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
// Stripe closes a Checkout Session 30 minutes after creation at the earliest: shorter holds expire it themselves.
const CHECKOUT_MINIMUM_SECONDS = 30 * 60 + 60;

function checkoutPage(session: Stripe.Checkout.Session): CheckoutPage {
  if (!session.url) throw new ProviderRefusal(`Checkout Session ${session.id} has no payment page`);
  return { sessionId: session.id, url: session.url, expiresAt: iso(session.expires_at) };
}

function checkoutState(session: Stripe.Checkout.Session): CheckoutState {
  if (session.status === 'complete') {
    const paymentIntentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    const amount = session.amount_total !== null && session.currency ? minorAmount(session.amount_total, session.currency) : undefined;
    return { state: 'complete', paid: session.payment_status === 'paid', ...(paymentIntentId && { paymentIntentId }), ...(amount && { amount }) };
  }
  return { state: session.status === 'expired' ? 'expired' : 'open' };
}

const onAccount = (connectedAccountId: string | undefined) => (connectedAccountId ? { stripeAccount: connectedAccountId } : {});

export function createStripeProvider(options: StripeClientOptions): PaymentProvider {
  const { stripe, mode } = createStripeClient(options);

  async function getCheckout(sessionId: string, connectedAccountId?: string): Promise<CheckoutState> {
    return checkoutState(await stripeCall(() => stripe.checkout.sessions.retrieve(sessionId, {}, onAccount(connectedAccountId))));
  }

  return {
    name: 'stripe',
    mode,

    async createConnectedAccount({ businessId, email, country, idempotencyKey }): Promise<ConnectedAccountState> {
      const account = await stripeCall(() =>
        stripe.accounts.create(
          {
            controller: {
              stripe_dashboard: { type: 'full' },
              fees: { payer: 'account' },
              losses: { payments: 'stripe' },
              requirement_collection: 'stripe',
            },
            ...(country && { country }),
            ...(email && { email }),
            metadata: { businessId },
          },
          { idempotencyKey },
        ),
      );
      return accountState(account);
    },

    async getConnectedAccount(providerAccountId) {
      return accountState(await stripeCall(() => stripe.accounts.retrieve(providerAccountId)));
    },

    async createOnboardingLink({ providerAccountId, returnUrl, refreshUrl }) {
      const link = await stripeCall(() =>
        stripe.accountLinks.create({ account: providerAccountId, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl }),
      );
      return { url: link.url, expiresAt: iso(link.expires_at) };
    },

    async createPaymentCheckout(request) {
      const closeBy = Math.max(Math.ceil(request.closeBy.getTime() / 1000), Math.ceil(Date.now() / 1000) + CHECKOUT_MINIMUM_SECONDS);
      const metadata = { ...request.metadata, reference: request.reference };
      const session = await stripeCall(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: request.amount.currency.toLowerCase(), unit_amount: request.amount.amount, product_data: { name: request.description } },
              },
            ],
            payment_intent_data: {
              metadata,
              ...(request.applicationFee ? { application_fee_amount: request.applicationFee } : {}),
            },
            client_reference_id: request.reference,
            metadata,
            ...(request.customerEmail && { customer_email: request.customerEmail }),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.min(closeBy, Math.floor(Date.now() / 1000) + 24 * 3600),
          },
          { idempotencyKey: request.idempotencyKey, stripeAccount: request.connectedAccountId },
        ),
      );
      return checkoutPage(session);
    },

    async createSubscriptionCheckout(request) {
      const metadata = { ...request.metadata, reference: request.reference };
      const session = await stripeCall(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ quantity: 1, price: request.priceId }],
            subscription_data: { metadata },
            client_reference_id: request.reference,
            metadata,
            ...(request.customerId ? { customer: request.customerId } : request.customerEmail ? { customer_email: request.customerEmail } : {}),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return checkoutPage(session);
    },

    getCheckout,

    async expireCheckout(sessionId, connectedAccountId) {
      try {
        return checkoutState(await stripeCall(() => stripe.checkout.sessions.expire(sessionId, {}, onAccount(connectedAccountId))));
      } catch (error) {
        // Only an open session can be expired: one that was paid (or expired) meanwhile says what it is now.
        if (error instanceof ProviderRefusal) return getCheckout(sessionId, connectedAccountId);
        throw error;
      }
    },

    async refund(request) {
      const refund = await stripeCall(() =>
        stripe.refunds.create(
          {
            payment_intent: request.paymentIntentId,
            ...(request.amount !== undefined && { amount: request.amount }),
            metadata: { ...request.metadata, reference: request.reference },
          },
          { idempotencyKey: request.idempotencyKey, ...onAccount(request.connectedAccountId) },
        ),
      );
      return { providerRefundId: refund.id, amount: minorAmount(refund.amount, refund.currency), state: refundState(refund.status) };
    },

    async createBillingPortal({ customerId, returnUrl }) {
      const portal = await stripeCall(() => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      // Serialized by WHATWG URL rules, so the answer is always an RFC 3986 URI (characters such as
      // braces percent-encoded) whatever the server answering for Stripe puts in it.
      return { url: new URL(portal.url).href };
    },
  };
}
