// Store contract, bookings: seats up to the capacity (one winner for the last seat), freeing a seat
// on a status that holds none, compare-and-swap changes, held seats per start, filtered keyset lists.
import { ConflictError, PreconditionFailedError } from '../../../src/domain/errors';
import type { Store } from '../../../src/ports/store';
import { at } from '../../fixtures/profiles';
import { aBooking } from '../../fixtures/bookings';
import type { StoreSuite } from './storeSuite';

export function bookingsContract(suite: StoreSuite): void {
  describe('bookings', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('stores bookings on free seats up to the capacity, then refuses with SLOT_UNAVAILABLE', async () => {
      const first = await store.bookings.create(aBooking({ price: { amount: 40, currency: 'USD' }, journeyId: 'sess-journey-0001', notes: 'hi' }), 2);
      const second = await store.bookings.create(aBooking(), 2);
      expect([first.seat, second.seat]).toEqual([0, 1]);
      expect(await store.bookings.get('live', first.id)).toEqual(first);
      expect(await store.bookings.get('test', first.id)).toBeNull();
      const third = aBooking();
      const error = await store.bookings.create(third, 2).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
      expect(await store.bookings.get('live', third.id)).toBeNull();
      // Another service, start or environment has its own seats.
      await expect(store.bookings.create(aBooking({ serviceId: 'svc_2' }), 1)).resolves.toBeDefined();
      await expect(store.bookings.create(aBooking({ environment: 'test' }), 1)).resolves.toBeDefined();
      await expect(store.bookings.create(aBooking({ start: at(120) }), 1)).resolves.toBeDefined();
    });

    it('gives the last seat to exactly one of two concurrent callers', async () => {
      const results = await Promise.allSettled([store.bookings.create(aBooking(), 1), store.bookings.create(aBooking(), 1)]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const rejected = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(rejected?.reason).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    });

    it('frees the seat when a booking is cancelled or declined, not when it is confirmed', async () => {
      const booking = await store.bookings.create(aBooking(), 1);
      const confirmed = await store.bookings.replace({ ...booking, status: 'confirmed', version: 2 }, 1);
      await expect(store.bookings.create(aBooking(), 1)).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
      expect(await store.bookings.heldSpans('live', 'biz_1', 'svc_1', at(0), at(61))).toEqual([{ start: at(60), end: at(120) }]);
      await store.bookings.replace({ ...confirmed, status: 'cancelled', version: 3 }, 2);
      expect(await store.bookings.heldSpans('live', 'biz_1', 'svc_1', at(0), at(61))).toEqual([]);
      await expect(store.bookings.create(aBooking(), 1)).resolves.toMatchObject({ seat: 0 });
    });

    it('finds the held bookings overlapping a range, whatever their start', async () => {
      await store.bookings.create(aBooking({ start: at(0), end: at(90) }), 1);
      await store.bookings.create(aBooking({ start: at(90), end: at(150) }), 1);
      await store.bookings.create(aBooking({ start: at(150), end: at(210) }), 1);
      await store.bookings.create(aBooking({ start: at(100), end: at(110), serviceId: 'svc_other' }), 1);
      const cancelled = await store.bookings.create(aBooking({ start: at(120), end: at(180) }), 1);
      await store.bookings.replace({ ...cancelled, status: 'cancelled', version: 2 }, 1);
      // [60, 150): the first ends inside it, the second lies in it, the third starts at its end.
      expect(await store.bookings.heldSpans('live', 'biz_1', 'svc_1', at(60), at(150))).toEqual([
        { start: at(0), end: at(90) },
        { start: at(90), end: at(150) },
      ]);
    });

    it('changes a booking only at the expected version', async () => {
      const booking = await store.bookings.create(aBooking(), 1);
      await store.bookings.replace({ ...booking, status: 'confirmed', version: 2 }, 1);
      await expect(store.bookings.replace({ ...booking, status: 'declined', version: 2 }, 1)).rejects.toBeInstanceOf(PreconditionFailedError);
      expect((await store.bookings.get('live', booking.id))?.status).toBe('confirmed');
    });

    it('lists a business\'s and an account\'s bookings by start, filtered by status and range, page after page', async () => {
      const starts = [at(300), at(60), at(180), at(120)];
      for (const start of starts) await store.bookings.create(aBooking({ start, createdBy: start === at(300) ? 'acct_other' : 'acct_customer' }), 1);
      const cancelled = await store.bookings.create(aBooking({ start: at(240) }), 1);
      await store.bookings.replace({ ...cancelled, status: 'cancelled', version: 2 }, 1);
      await store.bookings.create(aBooking({ businessId: 'biz_2', start: at(30) }), 1);

      const walked: string[] = [];
      let after;
      for (let i = 0; i < 5; i++) {
        const page: Awaited<ReturnType<Store['bookings']['pageByBusiness']>> = await store.bookings.pageByBusiness('live', 'biz_1', { after, limit: 2 });
        expect(page.total).toBe(5);
        walked.push(...page.items.map((booking) => booking.start));
        if (!page.next) break;
        after = page.next;
      }
      expect(walked).toEqual([at(60), at(120), at(180), at(240), at(300)]);
      const pending = await store.bookings.pageByBusiness('live', 'biz_1', { status: 'pending', from: at(100), to: at(300), limit: 10 });
      expect(pending.items.map((booking) => booking.start)).toEqual([at(120), at(180)]);
      expect(pending.total).toBe(2);
      const mine = await store.bookings.pageByCreator('live', 'acct_other', { limit: 10 });
      expect(mine.items.map((booking) => booking.start)).toEqual([at(300)]);
    });

    it('holds the seat of a booking awaiting payment, keeps its payment, and frees the seat once it expired', async () => {
      const payment = { paymentId: 'pay_1', required: 'deposit' as const, amount: 1000, currency: 'EUR', holdExpiresAt: at(15), refundableUntil: at(-1380), checkoutUrl: 'https://checkout.example/cs_1' };
      const awaiting = await store.bookings.create(aBooking({ status: 'pending_payment', payment }), 1);
      expect(await store.bookings.get('live', awaiting.id)).toEqual(awaiting);
      await expect(store.bookings.create(aBooking(), 1)).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
      await store.bookings.replace({ ...awaiting, status: 'expired', history: [...awaiting.history, { status: 'expired', at: at(16), by: 'system' }], version: 2 }, 1);
      await expect(store.bookings.create(aBooking(), 1)).resolves.toMatchObject({ seat: 0 });
    });

    it('finds the bookings of every environment whose hold ran out, earliest first, and those with a refund due', async () => {
      const hold = (minutes: number) => ({ paymentId: `pay_${minutes}`, required: 'full' as const, amount: 500, currency: 'USD', holdExpiresAt: at(minutes), refundableUntil: at(0) });
      const later = await store.bookings.create(aBooking({ status: 'pending_payment', payment: hold(20), start: at(200) }), 1);
      const sooner = await store.bookings.create(aBooking({ status: 'pending_payment', payment: hold(10), environment: 'test' }), 1);
      await store.bookings.create(aBooking({ status: 'pending_payment', payment: hold(40), start: at(400) }), 1);
      // Paid already: its hold no longer counts.
      await store.bookings.create(aBooking({ status: 'confirmed', payment: { ...hold(5), paidAt: at(2) }, start: at(500) }), 1);
      expect((await store.bookings.holdsExpiredBy(at(30), 10)).map((booking) => booking.id)).toEqual([sooner.id, later.id]);
      expect((await store.bookings.holdsExpiredBy(at(30), 1)).map((booking) => booking.id)).toEqual([sooner.id]);

      expect(await store.bookings.refundsDue(10)).toEqual([]);
      const paid = await store.bookings.create(aBooking({ status: 'confirmed', payment: { ...hold(5), paidAt: at(2) }, start: at(600) }), 1);
      const refunding = { ...paid, status: 'cancelled' as const, payment: { ...paid.payment!, refund: { amount: 500, reason: 'customer_cancelled' as const, state: 'due' as const } }, version: 2 };
      await store.bookings.replace(refunding, 1);
      expect(await store.bookings.refundsDue(10)).toEqual([refunding]);
      await store.bookings.replace({ ...refunding, payment: { ...refunding.payment, refund: { ...refunding.payment.refund, state: 'requested' } }, version: 3 }, 2);
      expect(await store.bookings.refundsDue(10)).toEqual([]);
    });
  });
}
