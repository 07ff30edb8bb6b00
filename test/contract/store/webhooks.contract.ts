// Store contract, webhooks: the outbox commits with the change that caused it (profiles,
// verifications, media, reviews, bookings) and never without it, fan-out is repeatable,
// deliveries change by compare-and-swap, and the endpoint and delivery lists page as documented. Runs on every adapter (SQLite, MongoDB wire server).
import type { Store } from '../../../src/ports/store';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../../src/domain/webhooks/webhookRecords';
import { newDelivery } from '../../../src/services/webhooks/webhookDeliveries';
import { bookingEvent, reviewEvent, webhookEvent } from '../../../src/services/webhooks/webhookEvents';
import { aBooking } from '../../fixtures/bookings';
import { aMediaRecord, aProfile, aVerification, at, revisionOf } from '../../fixtures/profiles';
import { aReview } from '../../fixtures/reviews';
import { queuedWebhookEvents } from '../../support/queuedWebhookEvents';
import type { StoreSuite } from './storeSuite';

const NOW = new Date('2026-03-02T10:00:00.000Z');

function anEvent(type: Parameters<typeof webhookEvent>[0] = 'profile.updated', accountId = 'acct_owner0001'): WebhookEvent {
  return webhookEvent(type, { accountId, environment: 'live' }, { note: type }, NOW);
}

function anEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  const id = overrides.id ?? `we_${Math.random().toString(36).slice(2, 14)}`;
  return {
    id,
    accountId: 'acct_owner0001',
    environment: 'live',
    url: 'https://hooks.example/in',
    events: ['*'],
    enabled: true,
    secrets: [{ sealed: 'v1.sealed', createdAt: at(0) }],
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
}

/** Every event the outbox holds (fan-out reads relay embedded events first). */
async function outbox(store: Store): Promise<string[]> {
  return (await store.webhooks.eventsToFanOut(100)).map((event) => event.id).sort();
}

export function webhooksContract(suite: StoreSuite): void {
  describe('webhook outbox', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('stores a profile write\'s events with it, and none of a write that failed', async () => {
      const created = anEvent('profile.created');
      const profile = await store.profiles.create(aProfile({ dedupeKeys: ['phone:+15550001'] }), [created]);
      const duplicate = anEvent('profile.created');
      await expect(store.profiles.create(aProfile({ dedupeKeys: ['phone:+15550001'] }), [duplicate])).rejects.toMatchObject({ code: 'DUPLICATE_PROFILE' });
      const stale = anEvent('profile.updated');
      await expect(store.profiles.replace(revisionOf(profile, { name: 'Stale' }), 7, [stale])).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
      expect(await outbox(store)).toEqual([created.id]);
      const stored = await store.profiles.get('live', profile.id);
      expect(stored).not.toHaveProperty('webhookOutbox');
    });

    it('keeps the events of two quick writes of one profile', async () => {
      const profile = await store.profiles.create(aProfile(), [anEvent('profile.created')]);
      const first = anEvent('profile.updated');
      const second = anEvent('profile.published');
      const v2 = await store.profiles.replace(revisionOf(profile, { name: 'Second name' }), 1, [first]);
      await store.profiles.replace(revisionOf(v2, { status: 'published' }), 2, [second]);
      const ids = await outbox(store);
      expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
      expect(ids).toHaveLength(3);
    });

    it('stores verification and media events with their writes, and none for a refused one', async () => {
      const requested = anEvent('verification.requested');
      const request = await store.verifications.create(aVerification(), [requested]);
      const refused = anEvent('verification.requested');
      await expect(store.verifications.create(aVerification({ businessId: request.businessId }), [refused])).rejects.toMatchObject({ code: 'VERIFICATION_PENDING' });
      const approved = anEvent('verification.approved');
      const decided = await store.verifications.decide(request.id, { status: 'approved', decidedBy: 'acct_admin', decidedAt: at(5) }, 'pending', (d) => {
        expect(d).toMatchObject({ id: request.id, status: 'approved', decidedAt: at(5) });
        return [approved];
      });
      expect(decided?.status).toBe('approved');
      expect(await store.verifications.decide(request.id, { status: 'rejected', decidedBy: 'acct_admin', decidedAt: at(6) }, 'pending', () => [anEvent('verification.rejected')])).toBeNull();
      const uploaded = anEvent('media.uploaded');
      const record = await store.media.create(aMediaRecord(), [uploaded]);
      expect(await outbox(store)).toEqual([requested.id, approved.id, uploaded.id].sort());
      expect(await store.verifications.get(request.id)).not.toHaveProperty('webhookOutbox');
      expect(await store.media.get(record.id)).toEqual(record);
    });

    it('gives every rejected request of a deleted profile its event', async () => {
      const request = await store.verifications.create(aVerification());
      const ids: string[] = [];
      const closed = await store.verifications.rejectPendingOfBusiness('live', request.businessId, { decidedBy: 'system', decidedAt: at(9) }, (d) => {
        const event = anEvent('verification.rejected');
        ids.push(event.id);
        expect(d.status).toBe('rejected');
        return [event];
      });
      expect(closed).toHaveLength(1);
      expect(await outbox(store)).toEqual(ids);
    });

    it('stores a review write\'s event with it, and none of a duplicate review or a stale edit', async () => {
      const business = aProfile({ id: 'biz_1', ownerId: 'acct_biz_owner' });
      const review = aReview({ authorId: 'acct_reviewer', authorName: 'Ada', rating: 4, text: 'Good' });
      const submitted = reviewEvent('review.submitted', business, review, NOW);
      await store.reviews.create(review, [submitted]);
      const queued = await queuedWebhookEvents(store);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ id: submitted.id, type: 'review.submitted', accountId: 'acct_biz_owner', environment: 'live' });
      expect(queued[0].data).toMatchObject({ id: review.id, businessId: 'biz_1', author: { name: 'Ada' }, rating: 4, text: 'Good', status: 'visible' });
      expect(queued[0].data).not.toHaveProperty('authorId');

      const duplicate = aReview({ authorId: 'acct_reviewer' });
      await expect(store.reviews.create(duplicate, [reviewEvent('review.submitted', business, duplicate, NOW)])).rejects.toMatchObject({ code: 'DUPLICATE_REVIEW' });
      const stale = { ...review, rating: 1, version: 8 };
      await expect(store.reviews.replace(stale, 7, [reviewEvent('review.updated', business, stale, NOW)])).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
      expect(await outbox(store)).toEqual([submitted.id]);

      // Two quick edits: each keeps the events of the one before that were not relayed yet.
      const v2 = { ...review, rating: 2, version: 2 };
      const first = reviewEvent('review.updated', business, v2, NOW);
      await store.reviews.replace(v2, 1, [first]);
      const v3 = { ...v2, text: 'Better', version: 3 };
      const second = reviewEvent('review.updated', business, v3, NOW);
      await store.reviews.replace(v3, 2, [second]);
      expect(await outbox(store)).toEqual([submitted.id, first.id, second.id].sort());
      expect(await store.reviews.get('live', review.id)).toEqual(v3);
    });

    it('stores a booking write\'s event with it, and none of a booking refused for a full slot or a stale change', async () => {
      const business = aProfile({ id: 'biz_1', ownerId: 'acct_biz_owner' });
      const booking = aBooking({ customer: { name: 'Sam', email: 'sam@example.com' } });
      const created = bookingEvent('booking.created', business, booking, NOW);
      const stored = await store.bookings.create(booking, 1, [created]);
      const queued = await queuedWebhookEvents(store);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ id: created.id, type: 'booking.created', accountId: 'acct_biz_owner', environment: 'live' });
      expect(queued[0].data).toMatchObject({ id: booking.id, businessId: 'biz_1', status: 'pending', customer: { name: 'Sam', email: 'sam@example.com' } });
      expect(queued[0].data).not.toHaveProperty('seat');

      const refused = aBooking();
      await expect(store.bookings.create(refused, 1, [bookingEvent('booking.created', business, refused, NOW)])).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
      const stale = { ...stored, status: 'cancelled' as const, version: 5 };
      await expect(store.bookings.replace(stale, 4, [bookingEvent('booking.updated', business, stale, NOW)])).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
      expect(await outbox(store)).toEqual([created.id]);

      const cancelled = { ...stored, status: 'cancelled' as const, version: 2 };
      const updated = bookingEvent('booking.updated', business, cancelled, NOW);
      await store.bookings.replace(cancelled, 1, [updated]);
      // The freed seat is booked again, with its own event.
      const again = aBooking();
      const rebooked = bookingEvent('booking.created', business, again, NOW);
      await store.bookings.create(again, 1, [rebooked]);
      const types = Object.fromEntries((await queuedWebhookEvents(store)).map((event) => [event.id, event.type]));
      expect(types).toEqual({ [created.id]: 'booking.created', [updated.id]: 'booking.updated', [rebooked.id]: 'booking.created' });
      expect(await store.bookings.get('live', booking.id)).toEqual(cancelled);
    });

    it('fans an event out once, however often it is repeated', async () => {
      const event = anEvent('webhook.test');
      await store.webhooks.appendEvents([event, event]);
      const endpoint = await store.webhooks.createEndpoint(anEndpoint());
      expect(await outbox(store)).toEqual([event.id]);
      await store.webhooks.fanOut(event.id, [newDelivery(event, endpoint, NOW)]);
      await store.webhooks.fanOut(event.id, [newDelivery(event, endpoint, NOW)]);
      expect(await outbox(store)).toEqual([]);
      const page = await store.webhooks.pageDeliveries(endpoint.id, { limit: 10 });
      expect(page.total).toBe(1);
      expect(await store.webhooks.getEvent(event.id)).toEqual(event);
    });
  });

  describe('webhook deliveries and endpoints', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('swaps a delivery only from the version it was read at', async () => {
      const event = anEvent('webhook.test');
      await store.webhooks.appendEvents([event]);
      const delivery = newDelivery(event, { id: 'we_endpoint0001' }, NOW);
      await store.webhooks.fanOut(event.id, [delivery]);
      expect((await store.webhooks.dueDeliveries(NOW.toISOString(), 10)).map((d) => d.id)).toEqual([delivery.id]);
      const leased: WebhookDelivery = { ...delivery, status: 'delivering', leaseUntil: '2026-03-02T10:01:00.000Z', version: 2 };
      expect(await store.webhooks.replaceDelivery(leased, 1)).toBe(true);
      expect(await store.webhooks.replaceDelivery({ ...leased, version: 3 }, 1)).toBe(false);
      // Leased: not due until the lease runs out, then due again.
      expect(await store.webhooks.dueDeliveries('2026-03-02T10:00:30.000Z', 10)).toEqual([]);
      expect((await store.webhooks.dueDeliveries('2026-03-02T10:01:00.000Z', 10)).map((d) => d.version)).toEqual([2]);
    });

    it('pages an endpoint\'s deliveries newest first', async () => {
      const endpoint = await store.webhooks.createEndpoint(anEndpoint());
      const made: string[] = [];
      for (let i = 0; i < 3; i++) {
        const event = anEvent('webhook.test');
        await store.webhooks.appendEvents([event]);
        const delivery = newDelivery(event, endpoint, new Date(NOW.getTime() + i * 1000));
        made.push(delivery.id);
        await store.webhooks.fanOut(event.id, [delivery]);
      }
      const first = await store.webhooks.pageDeliveries(endpoint.id, { limit: 2 });
      expect(first.items.map((d) => d.id)).toEqual([made[2], made[1]]);
      expect(first.total).toBe(3);
      const second = await store.webhooks.pageDeliveries(endpoint.id, { limit: 2, after: first.next });
      expect(second.items.map((d) => d.id)).toEqual([made[0]]);
      expect(second.next).toBeUndefined();
    });

    it('patches endpoints (null removes a field), keeps the first failure time, lists and deletes them', async () => {
      const endpoint = await store.webhooks.createEndpoint(anEndpoint({ description: 'first' }));
      await store.webhooks.createEndpoint(anEndpoint({ environment: 'test' }));
      await store.webhooks.createEndpoint(anEndpoint({ enabled: false, createdAt: at(1) }));
      const patched = await store.webhooks.updateEndpoint(endpoint.id, { description: null, events: ['profile.created'] });
      expect(patched).not.toHaveProperty('description');
      expect(patched?.events).toEqual(['profile.created']);
      expect((await store.webhooks.noteEndpointFailure(endpoint.id, at(2)))?.failingSince).toBe(at(2));
      expect((await store.webhooks.noteEndpointFailure(endpoint.id, at(3)))?.failingSince).toBe(at(2));
      expect((await store.webhooks.enabledEndpoints('acct_owner0001', 'live')).map((e) => e.id)).toEqual([endpoint.id]);
      expect((await store.webhooks.pageEndpoints('acct_owner0001', 'live', { limit: 10 })).total).toBe(2);
      expect(await store.webhooks.deleteEndpoint(endpoint.id)).toBe(true);
      expect(await store.webhooks.deleteEndpoint(endpoint.id)).toBe(false);
      expect(await store.webhooks.updateEndpoint(endpoint.id, { enabled: false })).toBeNull();
    });
  });
}
