// Stripe's objects read into the domain's words, as pure functions: currencies upper case, times
// ISO, our reference (the payment id we sent as metadata or client_reference_id) picked out.
import type Stripe from 'stripe';
import {
  type ConnectedAccountState,
  type MinorAmount,
  type RefundState,
  SUBSCRIPTION_STATUSES,
  type SubscriptionState,
  type SubscriptionStatus,
} from '../../domain/payments/providerEvent';

export function minorAmount(amount: number, currency: string): MinorAmount {
  return { amount, currency: currency.toUpperCase() };
}

/** Stripe's ids come as a string or, when expanded, as the object. */
export function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? value : value.id;
}

export function metadataOf(object: { metadata?: Stripe.Metadata | null }): Record<string, string> {
  return { ...(object.metadata ?? {}) };
}

export function referenceOf(object: { metadata?: Stripe.Metadata | null; client_reference_id?: string | null }): string | undefined {
  return object.metadata?.reference ?? object.client_reference_id ?? undefined;
}

export function accountState(account: Stripe.Account): ConnectedAccountState {
  return {
    providerAccountId: account.id,
    chargesEnabled: account.charges_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    payoutsEnabled: account.payouts_enabled === true,
    requirementsDue: [...(account.requirements?.currently_due ?? [])],
    ...(account.requirements?.disabled_reason && { disabledReason: account.requirements.disabled_reason }),
  };
}

export function refundState(status: string | null): RefundState {
  if (status === 'succeeded' || status === 'failed' || status === 'canceled') return status;
  return 'pending';
}

function subscriptionStatus(status: string): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? (status as SubscriptionStatus) : 'incomplete';
}

export function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a webhook's payload follows the account's API version, which may be older than the SDK's types
  const items = subscription.items?.data ?? [];
  // Since API version 2025-03-31 the period lives on each item; older payloads had it on the subscription.
  const periodEnds = items.map((item) => item.current_period_end).filter((end): end is number => typeof end === 'number');
  const legacyEnd = (subscription as unknown as { current_period_end?: number }).current_period_end; // gone from the SDK's types, still in older payloads
  const periodEnd = periodEnds.length > 0 ? Math.max(...periodEnds) : legacyEnd;
  const customerId = idOf(subscription.customer as string | { id: string });
  return {
    providerSubscriptionId: subscription.id,
    providerCustomerId: customerId ?? '',
    status: subscriptionStatus(subscription.status),
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- as above: an item of an older API version may have no price
    priceIds: items.map((item) => item.price?.id).filter((id): id is string => typeof id === 'string'),
    ...(typeof periodEnd === 'number' && { currentPeriodEnd: new Date(periodEnd * 1000).toISOString() }),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    metadata: metadataOf(subscription),
  };
}

/** The subscription an invoice bills: `parent.subscription_details` since 2025-03-31, `subscription` before. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | undefined {
  const parent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription; // gone from the SDK's types, still in older payloads
  return idOf(parent as string | { id: string } | null | undefined) ?? idOf(legacy);
}
