// A business gets paid on its own account at the provider (Stripe Connect, as booking
// platforms do): its owner starts onboarding, which creates the account once (an idempotency key
// of the business, so a retry or a second click makes no second one) and answers a one-time link
// to the provider's form; the provider's notifications then move its status from pending to
// ready. The status is also on the profile status (GET /business/profile/status).
import type { PaymentAccount } from '../../domain/payments/paymentAccount';
import { paymentAccountStatus } from '../../domain/payments/paymentAccount';
import type { Principal } from '../../domain/principal';
import { locationOf, type Environment } from '../../domain/profile';
import type { Store } from '../../ports/store';
import type { Clock, ProfileAccess } from '../profileMutation';
import type { PaymentProviders } from './paymentProviders';
import { presentPaymentAccount } from './paymentPresenter';

export interface ConnectOnboardingDeps {
  store: Store;
  access: ProfileAccess;
  providers: PaymentProviders;
  clock: Clock;
}

export function createConnectOnboarding({ store, access, providers, clock }: ConnectOnboardingDeps) {
  async function start(principal: Principal, businessId: string, origin: string, pages: { returnUrl?: string; refreshUrl?: string }) {
    const profile = await access.owned(principal, businessId);
    const country = locationOf(profile).address?.country;
    const provider = providers.for(principal.environment);
    let account = await store.payments.accounts.get(principal.environment, businessId);
    if (!account || account.mode !== provider.mode) {
      // One per business and mode: a key of the other mode cannot use an account made with this one.
      const state = await provider.createConnectedAccount({
        businessId,
        ...(profile.contact.email && { email: profile.contact.email }),
        ...(country && { country }),
        idempotencyKey: `connect_${principal.environment}_${provider.mode}_${businessId}`,
      });
      const now = clock();
      const at = now.toISOString();
      // The provider dates its notices in whole seconds: one from the second the account was made is newer than this state.
      const stateAt = new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString();
      const fresh: PaymentAccount = { environment: principal.environment, businessId, ownerId: profile.ownerId, provider: provider.name, mode: provider.mode, state, stateAt, version: 1, createdAt: at, updatedAt: at };
      account = account ? await store.payments.accounts.replace({ ...fresh, version: account.version + 1, createdAt: account.createdAt }, account.version) : await store.payments.accounts.create(fresh);
    }
    const back = `${origin}/dashboard?businessId=${businessId}&payments=`;
    const link = await provider.createOnboardingLink({
      providerAccountId: account.state.providerAccountId,
      returnUrl: pages.returnUrl ?? `${back}returned`,
      refreshUrl: pages.refreshUrl ?? `${back}expired`,
    });
    return { ...presentPaymentAccount(businessId, account, provider.name, provider.mode === 'live'), onboardingUrl: link.url, onboardingUrlExpiresAt: link.expiresAt };
  }

  async function status(principal: Principal, businessId: string) {
    await access.owned(principal, businessId);
    const provider = providers.for(principal.environment);
    return presentPaymentAccount(businessId, await store.payments.accounts.get(principal.environment, businessId), provider.name, provider.mode === 'live');
  }

  /** For the profile status: absent where this environment takes no payments. */
  async function statusOf(environment: Environment, businessId: string) {
    if (!providers.configured(environment)) return undefined;
    const account = await store.payments.accounts.get(environment, businessId);
    return { status: paymentAccountStatus(account), requirementsDue: account?.state.requirementsDue ?? [] };
  }

  return { start, status, statusOf };
}

export type ConnectOnboarding = ReturnType<typeof createConnectOnboarding>;
