// The concurrency promises of issue 21 on the MongoDB store (mongo-java-server), through the HTTP
// app: parallel reviews leave exact trust numbers, and they reach the search index via the
// change stream; two parallel bookings of the last place have exactly one winner. (The same cases
// on SQLite are in test/http/reviews.test.ts and test/http/bookings.test.ts.)
import request from 'supertest';
import { createMongoStore, type MongoStore } from '../../src/adapters/mongo/mongoStore';
import { completeProfileBody, signUp, type Actor } from '../http/actors';
import { buildTestApp, type TestApp } from '../http/testApp';
import { useMongo } from '../harness/mongo';
import { queuedWebhookEvents } from '../support/queuedWebhookEvents';

const mongo = useMongo();
// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let store: MongoStore;
let app: TestApp;
let owner: Actor;
const dbName = `reviews_bookings_${process.pid}`;

beforeAll(async () => {
  teardown.defer(async () => {
    await mongo.admin.getClient().db(dbName).dropDatabase().catch(() => undefined);
  });
  store = await createMongoStore({ uri: mongo.url, dbName, serverSelectionTimeoutMS: 5_000 });
  app = teardown.adopt(await buildTestApp({ store }), (opened) => opened.close());
  owner = await signUp(app, 'mongo-owner');
}, 120_000);

afterAll(() => teardown.disposeAsync());

async function publishedBusiness(body: Record<string, unknown> = {}): Promise<string> {
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody(body));
  expect(created.status).toBe(201);
  expect((await request(app.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
  return created.body.data.id;
}

describe('reviews on MongoDB', () => {
  it('keeps trust exact when ten accounts review at once, and the index sees it', async () => {
    const name = `Mongo Parallel Grill ${Date.now()}`;
    const businessId = await publishedBusiness({ name });
    const authors = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(app, `m${i}`)));
    // 5,4,3,2,1,5,4,3,2,5: sum 34, count 10 -> 3.4
    const ratings = [5, 4, 3, 2, 1, 5, 4, 3, 2, 5];
    const responses = await Promise.all(
      authors.map((author, i) => request(app.callback).post(`/v1/business/profile/${businessId}/reviews`).set(author.auth).send({ rating: ratings[i] })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    const profile = await request(app.callback).get(`/v1/business/profile/${businessId}`).set(owner.auth);
    expect(profile.body.data.trust).toMatchObject({ averageRating: 3.4, totalReviews: 10 });

    const twice = await request(app.callback).post(`/v1/business/profile/${businessId}/reviews`).set(authors[0].auth).send({ rating: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('DUPLICATE_REVIEW');
    // One review.submitted per stored review, none for the refused one (issue 22's outbox).
    const submitted = (await queuedWebhookEvents(store)).filter((event) => event.type === 'review.submitted' && event.data.businessId === businessId);
    expect(submitted.map((event) => event.data.id).sort()).toEqual(responses.map((response) => response.body.data.id).sort());

    // The change stream cannot count what is pending, so the listing is polled (bounded) instead.
    let item: unknown;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const listing = await request(app.callback).get(`/v1/api/v1/directory?query=${encodeURIComponent(name)}`).set(owner.auth);
      item = listing.body.data.businesses.find((business: { id: string }) => business.id === businessId);
      if ((item as { reviewCount?: number } | undefined)?.reviewCount === 10) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(item).toMatchObject({ averageRating: 3.4, reviewCount: 10 });
  }, 60_000);
});

describe('bookings on MongoDB', () => {
  it('gives the last place of a start time to exactly one of two parallel requests, and frees it on cancel', async () => {
    const everyDay = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '00:00', close: '00:00' }]));
    const businessId = await publishedBusiness({ hours: everyDay });
    const service = await request(app.callback)
      .post(`/v1/business/profile/${businessId}/services`)
      .set(owner.auth)
      .send({ name: 'Table for two', duration: 120, capacity: 1, bookable: true });
    expect(service.status).toBe(201);
    const serviceId = service.body.data.id;
    const free = await request(app.callback).get(`/v1/business/profile/${businessId}/services/${serviceId}/availability`).set(owner.auth);
    const start = free.body.data.slots[1].start as string;
    const [alice, bob] = await Promise.all([signUp(app, 'mongo-alice'), signUp(app, 'mongo-bob')]);
    const bookAs = (actor: Actor) =>
      request(app.callback).post('/v1/bookings').set(actor.auth).send({ businessId, serviceId, start, customer: { name: actor.email, email: actor.email } });

    const [a, b] = await Promise.all([bookAs(alice), bookAs(bob)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 201 ? a : b;
    expect(loser.body.error.code).toBe('SLOT_UNAVAILABLE');
    const after = await request(app.callback).get(`/v1/business/profile/${businessId}/services/${serviceId}/availability`).set(owner.auth);
    expect(after.body.data.slots.map((slot: { start: string }) => slot.start)).not.toContain(start);

    const cancelled = await request(app.callback).patch(`/v1/bookings/${winner.body.data.id}`).set(a.status === 201 ? alice.auth : bob.auth).send({ status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const second = await bookAs(a.status === 201 ? bob : alice);
    expect(second.status).toBe(201);

    // Webhook events: one per stored write, in the booking's own document write; the refused request left none.
    const events = (await queuedWebhookEvents(store)).filter((event) => event.data.businessId === businessId && event.type.startsWith('booking.'));
    const summary = events.map((event) => `${event.type} ${event.data.id} ${event.data.status}`).sort();
    expect(summary).toEqual(
      [`booking.created ${winner.body.data.id} pending`, `booking.updated ${winner.body.data.id} cancelled`, `booking.created ${second.body.data.id} pending`].sort(),
    );
    expect(events.every((event) => event.accountId === owner.accountId)).toBe(true);
  }, 60_000);
});
