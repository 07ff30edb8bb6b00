// Store contract, the provider event inbox: an event is stored once per id, a claim
// leases due unhandled events to one caller (a second claim meanwhile gets none of them), a lease
// that ran out (its holder died) lets the next claim have them again, a failed attempt is due
// again at its retry time, and a handled event is never claimed again.
import type { Store } from '../../../src/ports/store';
import { aProviderEvent } from '../../fixtures/payments';
import { at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

export function providerEventInboxContract(suite: StoreSuite): void {
  describe('provider event inbox', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('stores an event once per id, exactly as it came', async () => {
      const event = aProviderEvent({ connectedAccountId: 'acct_business', change: { kind: 'checkout_completed', sessionId: 'cs_1', paid: true, amount: { amount: 1250, currency: 'EUR' }, metadata: { bookingId: 'bkg_1' } } });
      expect(await store.payments.inbox.add(event, at(1))).toBe(true);
      expect(await store.payments.inbox.add({ ...event, type: 'altered' }, at(2))).toBe(false);
      expect(await store.payments.inbox.get(event.id)).toEqual({ event, receivedAt: at(1), attempts: 0, nextAttemptAt: at(1) });
      expect(await store.payments.inbox.get('evt_missing')).toBeNull();
    });

    it('leases due events oldest first to one claim at a time, and again once the lease ran out', async () => {
      const first = aProviderEvent();
      const second = aProviderEvent();
      await store.payments.inbox.add(second, at(2));
      await store.payments.inbox.add(first, at(1));
      const claimed = await store.payments.inbox.claim(at(3), at(4), 10);
      expect(claimed.map((stored) => [stored.event.id, stored.attempts, stored.leaseUntil])).toEqual([
        [first.id, 1, at(4)],
        [second.id, 1, at(4)],
      ]);
      expect(await store.payments.inbox.claim(at(3), at(5), 10)).toEqual([]);
      // Its holder died: after the lease the next claim has it, one attempt more.
      const again = await store.payments.inbox.claim(at(4), at(6), 1);
      expect(again.map((stored) => [stored.event.id, stored.attempts])).toEqual([[first.id, 2]]);
    });

    it('hands out an event claimed by two callers at once to only one of them', async () => {
      await store.payments.inbox.add(aProviderEvent(), at(1));
      const [one, two] = await Promise.all([store.payments.inbox.claim(at(2), at(3), 5), store.payments.inbox.claim(at(2), at(3), 5)]);
      expect(one.length + two.length).toBe(1);
    });

    it('makes a failed event due again at its retry time, and never hands out a handled one', async () => {
      const failing = aProviderEvent();
      const handled = aProviderEvent();
      await store.payments.inbox.add(failing, at(1));
      await store.payments.inbox.add(handled, at(1));
      await store.payments.inbox.claim(at(2), at(10), 10);
      await store.payments.inbox.markFailed(failing.id, 'store down', at(5));
      await store.payments.inbox.markHandled(handled.id, at(3));
      expect(await store.payments.inbox.claim(at(4), at(20), 10)).toEqual([]);
      const retried = await store.payments.inbox.claim(at(5), at(20), 10);
      expect(retried.map((stored) => [stored.event.id, stored.attempts, stored.lastError])).toEqual([[failing.id, 2, 'store down']]);
      expect(await store.payments.inbox.get(handled.id)).toEqual({ event: handled, receivedAt: at(1), attempts: 1, nextAttemptAt: at(1), handledAt: at(3) });
      expect(await store.payments.inbox.claim(at(10), at(200), 10)).toEqual([]);
      await store.payments.inbox.markHandled(failing.id, at(21));
      expect((await store.payments.inbox.get(failing.id))?.lastError).toBeUndefined();
    });
  });
}
