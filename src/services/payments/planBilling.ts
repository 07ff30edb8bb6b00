// Paid plans: an account upgrades from free to professional or enterprise through the
// provider's checkout in subscription mode; the subscription's notifications set the account's
// plan, which every instance reads from the store on each request (so its rate-limit tier follows
// at once), and each paid invoice is a payment of the account (payment.processed). A subscription
// the owner cancels keeps its plan to the end of the period it paid for, then falls back to free,
// even when the provider's notice of its end is late. Plans are bought with a person's sign-in
// only (live environment): a sandbox key cannot buy a real plan with test money.
import { isDeepStrictEqual } from 'node:util';
import { type Plan } from '../../domain/account';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { type Payment } from '../../domain/payments/payment';
import { planOf, type PlanSubscription } from '../../domain/payments/planSubscription';
import { PaymentsNotConfiguredError } from '../../domain/payments/providerErrors';
import type { PaymentChange, ProviderEvent, SubscriptionState } from '../../domain/payments/providerEvent';
import type { Principal } from '../../domain/principal';
import type { Store } from '../../ports/store';
import type { Clock } from '../profileMutation';
import { paymentEvent } from '../webhooks/webhookEvents';
import { EventNotReadyError } from './eventNotReady';
import type { PaymentProviders } from './paymentProviders';

export type PaidPlan = Exclude<Plan, 'free'>;

export interface PlanBillingDeps {
  store: Store;
  providers: PaymentProviders;
  clock: Clock;
  /** STRIPE_PRICE_PROFESSIONAL / STRIPE_PRICE_ENTERPRISE. */
  prices: Partial<Record<PaidPlan, string>>;
}

type CheckoutCompleted = Extract<PaymentChange, { kind: 'checkout_completed' }>;
type InvoiceSettled = Extract<PaymentChange, { kind: 'invoice_paid' | 'invoice_failed' }>;

const isPaidPlan = (value: string | undefined): value is PaidPlan => value === 'professional' || value === 'enterprise';

export function createPlanBilling({ store, providers, clock, prices }: PlanBillingDeps) {
  const planOfPrices = (priceIds: string[], fallback: string | undefined): PaidPlan | undefined =>
    (Object.entries(prices) as Array<[PaidPlan, string]>).find(([, price]) => priceIds.includes(price))?.[0] ?? (isPaidPlan(fallback) ? fallback : undefined);

  /** Sets the account's plan from its subscription, when it differs. */
  async function applyPlan(subscription: PlanSubscription): Promise<void> {
    const account = await store.accounts.findById(subscription.accountId);
    const plan = planOf(subscription, clock());
    if (account && account.plan !== plan) await store.accounts.update(account.id, { plan }, clock().toISOString());
  }

  async function checkout(principal: Principal, plan: PaidPlan, origin: string, pages: { successUrl?: string; cancelUrl?: string }, idempotencyKey?: string) {
    const provider = providers.for(principal.environment);
    const price = prices[plan];
    if (!price) throw new PaymentsNotConfiguredError(`The ${plan} plan is not on sale on this server: its operator sets STRIPE_PRICE_${plan.toUpperCase()} (a recurring Stripe price)`);
    const current = await store.payments.subscriptions.get(principal.accountId);
    if (current && planOf(current, clock()) !== 'free') {
      throw new ConflictError('SUBSCRIPTION_ACTIVE', `This account already pays for the ${current.plan} plan: change or cancel it at POST /v1/account/billing-portal`);
    }
    const account = await store.accounts.findById(principal.accountId);
    const back = `${origin}/dashboard?checkout=`;
    const page = await provider.createSubscriptionCheckout({
      priceId: price,
      reference: principal.accountId,
      metadata: { accountId: principal.accountId, plan },
      ...(current?.providerCustomerId ? { customerId: current.providerCustomerId } : account ? { customerEmail: account.email } : {}),
      successUrl: pages.successUrl ?? `${back}plan`,
      cancelUrl: pages.cancelUrl ?? `${back}cancelled`,
      // The caller's Idempotency-Key reaches the provider; without one, every request is a new checkout.
      idempotencyKey: `plan_${principal.accountId}_${idempotencyKey ?? newId('req')}`,
    });
    return { url: page.url, expiresAt: page.expiresAt };
  }

  async function portal(principal: Principal, origin: string, returnUrl?: string) {
    const provider = providers.for(principal.environment);
    const current = await store.payments.subscriptions.get(principal.accountId);
    if (!current?.providerCustomerId) throw new NotFoundError('This account has never paid for a plan: POST /v1/account/plan/checkout buys one', 'SUBSCRIPTION_NOT_FOUND');
    return provider.createBillingPortal({ customerId: current.providerCustomerId, returnUrl: returnUrl ?? `${origin}/dashboard` });
  }

  /** The account's subscription record as `event` says; null when the stored state is newer (or of the other mode). */
  async function record(accountId: string, event: ProviderEvent, state: Partial<PlanSubscription> & Pick<PlanSubscription, 'plan'>): Promise<PlanSubscription | null> {
    const now = clock().toISOString();
    let stored = await store.payments.subscriptions.get(accountId);
    if (!stored) {
      const fresh: PlanSubscription = { accountId, provider: event.provider, mode: event.mode, status: 'incomplete', cancelAtPeriodEnd: false, stateAt: event.occurredAt, version: 1, createdAt: now, updatedAt: now, ...state };
      stored = await store.payments.subscriptions.create(fresh);
      if (isDeepStrictEqual(stored, fresh)) return stored;
    }
    if (event.occurredAt < stored.stateAt || stored.mode !== event.mode) return null;
    return store.payments.subscriptions.replace({ ...stored, ...state, stateAt: event.occurredAt, version: stored.version + 1, updatedAt: now }, stored.version);
  }

  async function checkoutCompleted(event: ProviderEvent, change: CheckoutCompleted): Promise<void> {
    const accountId = change.metadata.accountId;
    const plan = change.metadata.plan;
    if (!accountId || !isPaidPlan(plan) || !(await store.accounts.findById(accountId))) return;
    const updated = await record(accountId, event, {
      plan,
      ...(change.customerId && { providerCustomerId: change.customerId }),
      ...(change.subscriptionId && { providerSubscriptionId: change.subscriptionId }),
      ...(change.paid && { status: 'active' }),
    });
    if (updated) await applyPlan(updated);
  }

  async function subscriptionChanged(event: ProviderEvent, subscription: SubscriptionState): Promise<void> {
    const known = await store.payments.subscriptions.findByCustomer(event.mode, subscription.providerCustomerId);
    const accountId = known?.accountId ?? subscription.metadata.accountId;
    if (!accountId || !(await store.accounts.findById(accountId))) return;
    const plan = planOfPrices(subscription.priceIds, subscription.metadata.plan) ?? known?.plan;
    if (!plan) return;
    const updated = await record(accountId, event, {
      plan,
      providerCustomerId: subscription.providerCustomerId,
      providerSubscriptionId: subscription.providerSubscriptionId,
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      ...(subscription.currentPeriodEnd && { currentPeriodEnd: subscription.currentPeriodEnd }),
    });
    if (updated) await applyPlan(updated);
  }

  /** A subscription's invoice was paid (payment.processed) or its payment failed (payment.failed): a payment of the account. */
  async function invoiceSettled(event: ProviderEvent, change: InvoiceSettled): Promise<void> {
    if (await store.payments.payments.findByProviderReference(event.mode, { invoiceId: change.invoiceId })) return;
    const subscription = change.customerId ? await store.payments.subscriptions.findByCustomer(event.mode, change.customerId) : null;
    // The checkout's or subscription's own notice may still be on its way: try again later.
    if (!subscription) throw new EventNotReadyError(`No account holds the provider's customer ${change.customerId ?? '(none)'} yet`);
    const at = clock();
    const stamp = at.toISOString();
    const paid = change.kind === 'invoice_paid';
    const payment: Payment = {
      id: newId('pay'),
      environment: 'live',
      mode: event.mode,
      provider: event.provider,
      purpose: 'plan',
      accountId: subscription.accountId,
      payerAccountId: subscription.accountId,
      plan: subscription.plan,
      amount: change.amount.amount,
      currency: change.amount.currency,
      applicationFee: 0,
      status: paid ? 'succeeded' : 'failed',
      ...(!paid && { failureReason: change.reason ?? 'The subscription\'s payment failed' }),
      invoiceId: change.invoiceId,
      ...(change.subscriptionId && { subscriptionId: change.subscriptionId }),
      refunds: [],
      ...(paid && { succeededAt: stamp }),
      version: 1,
      createdAt: stamp,
      updatedAt: stamp,
    };
    await store.payments.payments.create(payment, [paymentEvent(paid ? 'payment.processed' : 'payment.failed', payment, null, at)]);
  }

  /** Subscriptions cancelled at a period's end that is over fall back to free, even before the provider's notice. */
  async function lapse(subscription: PlanSubscription): Promise<void> {
    const ended = { ...subscription, status: 'canceled' as const, version: subscription.version + 1, updatedAt: clock().toISOString() };
    await store.payments.subscriptions.replace(ended, subscription.version);
    await applyPlan(ended);
  }

  return { checkout, portal, checkoutCompleted, subscriptionChanged, invoiceSettled, lapse };
}

export type PlanBilling = ReturnType<typeof createPlanBilling>;
