// Stripe's webhook notifications: the signature checked by the SDK (constructEvent over the raw
// body, against each configured endpoint secret: the platform's endpoint and the Connect
// endpoint have one each), then the event read into a ProviderEvent. Events nothing here acts on
// become `other` and are only recorded.
import Stripe from 'stripe';
import { InvalidProviderSignature } from '../../domain/payments/providerErrors';
import type { PaymentChange, ProviderEvent } from '../../domain/payments/providerEvent';
import type { ProviderEventVerifier } from '../../ports/paymentProvider';
import { accountState, idOf, invoiceSubscriptionId, metadataOf, minorAmount, referenceOf, refundState, subscriptionState } from './stripeObjects';

/** How old a signed timestamp may be (the SDK's default, 5 minutes): an old capture replayed is refused. */
const TOLERANCE_SECONDS = 300;

function checkoutChange(type: string, session: Stripe.Checkout.Session): PaymentChange {
  const reference = referenceOf(session);
  const base = { sessionId: session.id, ...(reference && { reference }) };
  if (type === 'checkout.session.expired') return { kind: 'checkout_expired', ...base };
  if (type === 'checkout.session.async_payment_failed') return { kind: 'checkout_payment_failed', ...base, reason: 'The delayed payment method failed' };
  const paymentIntentId = idOf(session.payment_intent);
  const customerId = idOf(session.customer);
  const subscriptionId = idOf(session.subscription);
  return {
    kind: 'checkout_completed',
    ...base,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    ...(paymentIntentId && { paymentIntentId }),
    ...(session.amount_total !== null && session.currency && { amount: minorAmount(session.amount_total, session.currency) }),
    ...(customerId && { customerId }),
    ...(subscriptionId && { subscriptionId }),
    metadata: metadataOf(session),
  };
}

function failureReason(intent: Stripe.PaymentIntent): string | undefined {
  const error = intent.last_payment_error;
  return error ? (error.message ?? error.decline_code ?? error.code ?? undefined) : undefined;
}

/** The change a Stripe event announces. */
export function changeOf(event: Stripe.Event): PaymentChange {
  const object = event.data.object as unknown;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return checkoutChange(event.type, object as Stripe.Checkout.Session);
    case 'payment_intent.succeeded': {
      const intent = object as Stripe.PaymentIntent;
      const reference = referenceOf(intent);
      return { kind: 'payment_succeeded', paymentIntentId: intent.id, ...(reference && { reference }), amount: minorAmount(intent.amount_received || intent.amount, intent.currency) };
    }
    case 'payment_intent.payment_failed': {
      const intent = object as Stripe.PaymentIntent;
      const reference = referenceOf(intent);
      const reason = failureReason(intent);
      return { kind: 'payment_failed', paymentIntentId: intent.id, ...(reference && { reference }), ...(reason && { reason }) };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const refund = object as Stripe.Refund;
      const paymentIntentId = idOf(refund.payment_intent);
      const reference = referenceOf(refund);
      return {
        kind: 'refund_changed',
        providerRefundId: refund.id,
        ...(paymentIntentId && { paymentIntentId }),
        amount: minorAmount(refund.amount, refund.currency),
        state: refundState(refund.status),
        ...(reference && { reference }),
        metadata: metadataOf(refund),
      };
    }
    case 'account.updated':
      return { kind: 'account_changed', account: accountState(object as Stripe.Account) };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return { kind: 'subscription_changed', subscription: subscriptionState(object as Stripe.Subscription) };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = object as Stripe.Invoice;
      const subscriptionId = invoiceSubscriptionId(invoice);
      const customerId = idOf(invoice.customer as string | { id: string } | null);
      const common = { invoiceId: invoice.id, ...(subscriptionId && { subscriptionId }), ...(customerId && { customerId }) };
      if (event.type === 'invoice.paid') return { kind: 'invoice_paid', ...common, amount: minorAmount(invoice.amount_paid, invoice.currency) };
      return { kind: 'invoice_failed', ...common, amount: minorAmount(invoice.amount_due, invoice.currency), reason: 'The subscription\'s payment failed' };
    }
    default:
      return { kind: 'other' };
  }
}

export function providerEventOf(event: Stripe.Event): ProviderEvent {
  return {
    id: event.id,
    provider: 'stripe',
    mode: event.livemode ? 'live' : 'test',
    type: event.type,
    occurredAt: new Date(event.created * 1000).toISOString(),
    ...(event.account && { connectedAccountId: event.account }),
    change: changeOf(event),
  };
}

/** Verifies with the first of `secrets` that signed the body; refuses when none did. */
export function createStripeEventVerifier(secrets: readonly string[]): ProviderEventVerifier {
  const webhooks = Stripe.webhooks;
  return (rawBody, signature) => {
    if (!signature) throw new InvalidProviderSignature('The Stripe-Signature header is missing');
    let lastProblem = 'no webhook secret is configured';
    for (const secret of secrets) {
      try {
        return providerEventOf(webhooks.constructEvent(rawBody, signature, secret, TOLERANCE_SECONDS));
      } catch (error) {
        lastProblem = (error as Error).message;
      }
    }
    throw new InvalidProviderSignature(`The Stripe-Signature does not verify: ${lastProblem}`);
  };
}
