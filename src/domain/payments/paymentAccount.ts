// A business's account at the payment provider, where its customers' payments go. Its
// status is what the profile status and the payments account answer show:
//   not_connected  no account yet (no record)
//   pending        created; the owner has not finished the provider's onboarding, or it cannot charge yet
//   ready          it takes charges
import type { Environment } from '../profile';
import type { ConnectedAccountState, ProviderMode } from './providerEvent';

export const PAYMENT_ACCOUNT_STATUSES = ['not_connected', 'pending', 'ready'] as const;
export type PaymentAccountStatus = (typeof PAYMENT_ACCOUNT_STATUSES)[number];

export interface PaymentAccount {
  environment: Environment;
  businessId: string;
  /** The business's owner when it was connected. */
  ownerId: string;
  provider: string;
  mode: ProviderMode;
  state: ConnectedAccountState;
  /** The provider's time of `state`: an older notification arriving later is ignored. */
  stateAt: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export function paymentAccountStatus(account: Pick<PaymentAccount, 'state'> | null): PaymentAccountStatus {
  if (!account) return 'not_connected';
  return account.state.chargesEnabled && account.state.detailsSubmitted ? 'ready' : 'pending';
}

/** The account with a newer state from the provider, or null when `at` is older than what it holds (or nothing changes). */
export function withAccountState(account: PaymentAccount, state: ConnectedAccountState, at: string, now: string): PaymentAccount | null {
  if (at < account.stateAt) return null;
  if (JSON.stringify(state) === JSON.stringify(account.state)) return null;
  return { ...account, state, stateAt: at, version: account.version + 1, updatedAt: now };
}
