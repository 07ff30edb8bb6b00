// Store contract, payments: a payment and its webhook events are stored together, a
// repeated creation changes nothing, the provider's ids find it only in its own mode, changes are
// compare-and-swap, and lists are newest first per account (or every account), filtered and paged.
import { PreconditionFailedError } from '../../../src/domain/errors';
import type { Payment } from '../../../src/domain/payments/payment';
import type { Store } from '../../../src/ports/store';
import { webhookEvent } from '../../../src/services/webhooks/webhookEvents';
import { aPayment } from '../../fixtures/payments';
import { at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

const eventFor = (payment: Payment) => webhookEvent('payment.processed', { accountId: payment.accountId, environment: payment.environment }, { id: payment.id }, new Date(at(1)));

export function paymentsContract(suite: StoreSuite): void {
  describe('payments', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));
    const outbox = async () => (await store.webhooks.eventsToFanOut(100)).map((event) => event.id).sort();

    it('stores a payment with its events once: a repeated creation answers the stored one and adds nothing', async () => {
      const payment = aPayment({ refunds: [{ id: 'rfd_1', amount: 250, reason: 'customer_cancelled', state: 'pending', providerRefundId: 're_1', createdAt: at(1), updatedAt: at(1) }] });
      const event = eventFor(payment);
      expect(await store.payments.payments.create(payment, [event])).toEqual(payment);
      expect(await store.payments.payments.get(payment.id)).toEqual(payment);
      const again = await store.payments.payments.create({ ...payment, amount: 999 }, [eventFor(payment)]);
      expect(again).toEqual(payment);
      expect(await outbox()).toEqual([event.id]);
      expect(await store.payments.payments.get('pay_missing')).toBeNull();
    });

    it('finds a payment by its checkout, payment intent or invoice, in its own mode only', async () => {
      const payment = await store.payments.payments.create(aPayment({ checkoutSessionId: 'cs_1', paymentIntentId: 'pi_1' }));
      const plan = await store.payments.payments.create(aPayment({ purpose: 'plan', checkoutSessionId: undefined, invoiceId: 'in_1', mode: 'live' }));
      expect(await store.payments.payments.findByProviderReference('test', { checkoutSessionId: 'cs_1' })).toEqual(payment);
      expect(await store.payments.payments.findByProviderReference('test', { paymentIntentId: 'pi_1' })).toEqual(payment);
      expect(await store.payments.payments.findByProviderReference('live', { checkoutSessionId: 'cs_1' })).toBeNull();
      expect(await store.payments.payments.findByProviderReference('live', { invoiceId: 'in_1' })).toEqual(plan);
      expect(await store.payments.payments.findByProviderReference('test', { invoiceId: 'in_1' })).toBeNull();
    });

    it('changes a payment only at the expected version, storing the change\'s events with it', async () => {
      const payment = await store.payments.payments.create(aPayment());
      const succeeded = { ...payment, status: 'succeeded' as const, paymentIntentId: 'pi_2', succeededAt: at(5), version: 2, updatedAt: at(5) };
      const event = eventFor(payment);
      await store.payments.payments.replace(succeeded, 1, [event]);
      await expect(store.payments.payments.replace({ ...payment, status: 'canceled', version: 2 }, 1, [eventFor(payment)])).rejects.toBeInstanceOf(PreconditionFailedError);
      expect(await store.payments.payments.get(payment.id)).toEqual(succeeded);
      expect(await store.payments.payments.findByProviderReference('test', { paymentIntentId: 'pi_2' })).toEqual(succeeded);
      expect(await outbox()).toEqual([event.id]);
    });

    it('lists an account\'s payments newest first, filtered, page after page, apart from other accounts and environments', async () => {
      const mine: Payment[] = [];
      for (let minute = 0; minute < 5; minute++) {
        mine.push(await store.payments.payments.create(aPayment({ createdAt: at(minute), businessId: minute === 4 ? 'biz_2' : 'biz_1', status: minute % 2 === 0 ? 'succeeded' : 'pending' })));
      }
      // The same instant twice: the id orders them.
      mine.push(await store.payments.payments.create(aPayment({ id: 'pay_zzzz', createdAt: at(2) })));
      await store.payments.payments.create(aPayment({ accountId: 'acct_other', createdAt: at(3) }));
      await store.payments.payments.create(aPayment({ environment: 'test', createdAt: at(3) }));

      const walked: string[] = [];
      let after;
      for (let pages = 0; pages < 4; pages++) {
        const page: Awaited<ReturnType<Store['payments']['payments']['page']>> = await store.payments.payments.page('live', 'acct_owner', {}, { after, limit: 4 });
        expect(page.total).toBe(6);
        walked.push(...page.items.map((payment) => payment.id));
        if (!page.next) break;
        after = page.next;
      }
      const newestFirst = [...mine].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1)).map((payment) => payment.id);
      expect(walked).toEqual(newestFirst);

      const succeededOfBiz1 = await store.payments.payments.page('live', 'acct_owner', { businessId: 'biz_1', status: 'succeeded' }, { limit: 10 });
      expect(succeededOfBiz1.items.map((payment) => payment.createdAt)).toEqual([at(2), at(0)]);
      expect(succeededOfBiz1.total).toBe(2);
      const everyAccount = await store.payments.payments.page('live', null, {}, { limit: 10 });
      expect(everyAccount.total).toBe(7);
      expect((await store.payments.payments.page('live', null, { purpose: 'plan' }, { limit: 10 })).items).toEqual([]);
      expect((await store.payments.payments.page('test', null, {}, { limit: 10 })).total).toBe(1);
    });
  });
}
