// An account's paid plan at the payment provider: its customer, its subscription, and the
// plan that subscription pays for. The account's own `plan` (what its rate limits follow) is set
// from it: a paying subscription gives its plan, anything else (cancelled, unpaid, expired) the
// free plan, and a subscription the owner cancelled keeps its plan until its period ends.
import type { Plan } from '../account';
import type { ProviderMode, SubscriptionStatus } from './providerEvent';

export interface PlanSubscription {
  accountId: string;
  provider: string;
  mode: ProviderMode;
  providerCustomerId?: string;
  providerSubscriptionId?: string;
  /** The paid plan bought. */
  plan: Exclude<Plan, 'free'>;
  status: SubscriptionStatus;
  currentPeriodEnd?: string;
  cancelAtPeriodEnd: boolean;
  /** The provider's time of this state: an older notification arriving later is ignored. */
  stateAt: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Statuses whose plan the account has: paying, on trial, or retrying a failed renewal (the provider's grace). */
const PAYING: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** The plan the account is on because of this subscription at `now`. */
export function planOf(subscription: Pick<PlanSubscription, 'plan' | 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'> | null, now: Date): Plan {
  if (!subscription || !PAYING.includes(subscription.status)) return 'free';
  // A cancelled subscription ends with its period even when the provider's notice of it is late.
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd && Date.parse(subscription.currentPeriodEnd) <= now.getTime()) return 'free';
  return subscription.plan;
}
