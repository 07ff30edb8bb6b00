// Store contract, payment accounts and plan subscriptions: one per business (per
// environment) or per account, creation answers the stored one, the provider's ids find them only
// in their own mode, changes are compare-and-swap, and subscriptions cancelled at their period's
// end show up once that period is over.
import { PreconditionFailedError } from '../../../src/domain/errors';
import type { Store } from '../../../src/ports/store';
import { aPaymentAccount, aPlanSubscription } from '../../fixtures/payments';
import { at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

export function paymentAccountsContract(suite: StoreSuite): void {
  describe('payment accounts', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('keeps one account per business and environment: a second creation answers the first', async () => {
      const first = aPaymentAccount();
      expect(await store.payments.accounts.create(first)).toEqual(first);
      expect(await store.payments.accounts.create(aPaymentAccount())).toEqual(first);
      const sandbox = aPaymentAccount({ environment: 'test' });
      expect(await store.payments.accounts.create(sandbox)).toEqual(sandbox);
      expect(await store.payments.accounts.get('live', 'biz_1')).toEqual(first);
      expect(await store.payments.accounts.get('test', 'biz_1')).toEqual(sandbox);
      expect(await store.payments.accounts.get('live', 'biz_2')).toBeNull();
    });

    it('finds an account by the provider\'s id in its mode, and changes it only at the expected version', async () => {
      const account = await store.payments.accounts.create(aPaymentAccount());
      const id = account.state.providerAccountId;
      expect(await store.payments.accounts.findByProviderAccount('test', id)).toEqual(account);
      expect(await store.payments.accounts.findByProviderAccount('live', id)).toBeNull();
      const ready = { ...account, state: { ...account.state, chargesEnabled: true, detailsSubmitted: true, requirementsDue: [] }, stateAt: at(5), version: 2, updatedAt: at(5) };
      await store.payments.accounts.replace(ready, 1);
      await expect(store.payments.accounts.replace({ ...account, version: 2 }, 1)).rejects.toBeInstanceOf(PreconditionFailedError);
      expect(await store.payments.accounts.get('live', 'biz_1')).toEqual(ready);
    });
  });

  describe('plan subscriptions', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('keeps one subscription per account, found by its customer in its mode, changed at the expected version', async () => {
      const subscription = aPlanSubscription();
      expect(await store.payments.subscriptions.create(subscription)).toEqual(subscription);
      expect(await store.payments.subscriptions.create({ ...subscription, plan: 'enterprise' })).toEqual(subscription);
      expect(await store.payments.subscriptions.get(subscription.accountId)).toEqual(subscription);
      expect(await store.payments.subscriptions.findByCustomer('test', subscription.providerCustomerId!)).toEqual(subscription);
      expect(await store.payments.subscriptions.findByCustomer('live', subscription.providerCustomerId!)).toBeNull();
      const cancelled = { ...subscription, status: 'canceled' as const, version: 2, updatedAt: at(9) };
      await store.payments.subscriptions.replace(cancelled, 1);
      await expect(store.payments.subscriptions.replace({ ...subscription, version: 2 }, 1)).rejects.toBeInstanceOf(PreconditionFailedError);
      expect(await store.payments.subscriptions.get(subscription.accountId)).toEqual(cancelled);
    });

    it('lists the paying subscriptions cancelled at a period\'s end that is over, and no others', async () => {
      const lapsed = await store.payments.subscriptions.create(aPlanSubscription({ cancelAtPeriodEnd: true, currentPeriodEnd: at(10) }));
      await store.payments.subscriptions.create(aPlanSubscription({ cancelAtPeriodEnd: true, currentPeriodEnd: at(30) }));
      await store.payments.subscriptions.create(aPlanSubscription({ cancelAtPeriodEnd: false, currentPeriodEnd: at(10) }));
      await store.payments.subscriptions.create(aPlanSubscription({ cancelAtPeriodEnd: true, currentPeriodEnd: at(5), status: 'canceled' }));
      expect(await store.payments.subscriptions.lapsed(at(20), 10)).toEqual([lapsed]);
    });
  });
}
