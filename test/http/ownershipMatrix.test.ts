// Every business-scoped route x {owner, another account, no credential, the owner's own
// sandbox key on live data}. A sandbox key cannot even see live data, so it gets 404.
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';
import { openKeyOf } from '../../src/domain/freshness/informationReport';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let app: TestApp;
let owner: Actor;
let other: Actor;
let sandboxAuth: { Authorization: string };

interface Fixture {
  businessId: string;
  serviceId: string;
  mediaId: string;
  reportId: string;
}

type Caller = 'owner' | 'other' | 'anonymous' | 'sandbox';
type Send = (fixture: Fixture, auth: Record<string, string>) => request.Test;

const routes: Array<[string, number, Send]> = [
  ['GET profile (draft)', 200, (f, a) => request(app.callback).get(`/v1/business/profile/${f.businessId}`).set(a)],
  ['PATCH profile', 200, (f, a) => request(app.callback).patch(`/v1/business/profile/${f.businessId}`).set(a).send({ tagline: 'x' })],
  ['DELETE profile', 200, (f, a) => request(app.callback).delete(`/v1/business/profile/${f.businessId}`).set(a)],
  ['POST confirm information', 200, (f, a) => request(app.callback).post(`/v1/business/profile/${f.businessId}/confirm`).set(a)],
  ['GET information reports', 200, (f, a) => request(app.callback).get(`/v1/business/profile/${f.businessId}/information-reports`).set(a)],
  ['POST information report answer', 200, (f, a) => request(app.callback).post(`/v1/business/profile/${f.businessId}/information-reports/${f.reportId}/answer`).set(a).send({ status: 'dismissed' })],
  ['GET status', 200, (f, a) => request(app.callback).get(`/v1/business/profile/status?businessId=${f.businessId}`).set(a)],
  ['POST service', 201, (f, a) => request(app.callback).post(`/v1/business/profile/${f.businessId}/services`).set(a).send({ name: 'Tune-up' })],
  ['PATCH service', 200, (f, a) => request(app.callback).patch(`/v1/business/profile/${f.businessId}/services/${f.serviceId}`).set(a).send({ duration: 30 })],
  ['DELETE service', 200, (f, a) => request(app.callback).delete(`/v1/business/profile/${f.businessId}/services/${f.serviceId}`).set(a)],
  ['PATCH exclusive content', 200, (f, a) => request(app.callback).patch(`/v1/business/profile/${f.businessId}/exclusive-content`).set(a).send({ insiderTips: 'Come early on Fridays.' })],
  ['PATCH hours', 200, (f, a) => request(app.callback).patch(`/v1/business/profile/${f.businessId}/hours`).set(a).send({ monday: { closed: true } })],
  ['GET blackout dates', 200, (f, a) => request(app.callback).get(`/v1/business/profile/${f.businessId}/blackout-dates`).set(a)],
  ['POST blackout dates', 200, (f, a) => request(app.callback).post(`/v1/business/profile/${f.businessId}/blackout-dates`).set(a).send({ dates: ['2027-01-01'] })],
  ['DELETE blackout dates', 200, (f, a) => request(app.callback).delete(`/v1/business/profile/${f.businessId}/blackout-dates?dates=2027-01-01`).set(a)],
  ['POST verification', 200, (f, a) => request(app.callback).post(`/v1/business/profile/${f.businessId}/verification`).set(a).send({ level: 'basic', documents: [] })],
  ['GET verification history', 200, (f, a) => request(app.callback).get(`/v1/business/profile/${f.businessId}/verification`).set(a)],
  ['POST media for business', 201, (f, a) => request(app.callback).post('/v1/business/profile/media').set(a).field('type', 'photo').field('businessId', f.businessId).attach('file', PNG, 'p.png')],
  ['DELETE media', 200, (f, a) => request(app.callback).delete(`/v1/business/profile/media/${f.mediaId}`).set(a)],
];

const expected: Record<Exclude<Caller, 'owner'>, [number, string]> = {
  other: [403, 'FORBIDDEN'],
  anonymous: [401, 'UNAUTHORIZED'],
  sandbox: [404, ''],
};

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'matrix-owner');
  other = await signUp(app, 'matrix-other');
  sandboxAuth = (await apiKey(app, owner, 'test')).auth;
});
afterAll(() => app.close());

async function freshFixture(): Promise<Fixture> {
  const businessId = (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody())).body.data.id;
  const serviceId = (await request(app.callback).post(`/v1/business/profile/${businessId}/services`).set(owner.auth).send({ name: 'Service' })).body.data.id;
  const mediaId = (await request(app.callback).post('/v1/business/profile/media').set(owner.auth).field('type', 'photo').field('businessId', businessId).attach('file', PNG, 'p.png')).body.data.id;
  // A report about it, stored directly: reporting needs a published business, and the fixture stays a draft.
  const reportId = `irp_${businessId.slice(4)}`;
  const fields = { environment: 'live' as const, businessId, reporter: 'acct:acct_matrixreporter', kind: 'closed' as const };
  const now = new Date().toISOString();
  await app.store.informationReports.create({ id: reportId, ...fields, openKey: openKeyOf(fields), status: 'open', createdAt: now, updatedAt: now });
  return { businessId, serviceId, mediaId, reportId };
}

function authFor(caller: Caller): Record<string, string> {
  if (caller === 'owner') return owner.auth;
  if (caller === 'other') return other.auth;
  if (caller === 'sandbox') return sandboxAuth;
  return {};
}

describe.each(routes)('%s', (_name, ownerStatus, send) => {
  it.each(['other', 'anonymous', 'sandbox'] as const)('is refused for %s', async (caller) => {
    const fixture = await freshFixture();
    const response = await send(fixture, authFor(caller));
    const [status, code] = expected[caller];
    expect(response.status).toBe(status);
    expect(response.body.success).toBe(false);
    if (code) expect(response.body.error.code).toBe(code);
    // The refused call changed nothing.
    const after = await app.store.profiles.get('live', fixture.businessId);
    expect(after?.version).toBe(3);
  });

  it('is allowed for the owner', async () => {
    const fixture = await freshFixture();
    const response = await send(fixture, authFor('owner'));
    expect(response.status).toBe(ownerStatus);
    expect(response.body.success).toBe(true);
  });
});

it('a published profile is readable by any authenticated caller of the same environment, not by the sandbox', async () => {
  const { businessId } = await freshFixture();
  await request(app.callback).patch(`/v1/business/profile/${businessId}`).set(owner.auth).send({ status: 'published' });
  expect((await request(app.callback).get(`/v1/business/profile/${businessId}`).set(other.auth)).status).toBe(200);
  expect((await request(app.callback).get(`/v1/business/profile/${businessId}`).set(sandboxAuth)).status).toBe(404);
});

// Reviews and bookings. The owner-only routes answer others 403 like the profile
// routes; a booking answers 404 to anyone but its business's owner and the account that made it
// (it is not theirs to know about). The sandbox key carries every scope, so its 404 is the
// environment wall, not a missing scope.
describe('reviews and bookings', () => {
  let booker: Actor;
  let reviewer: Actor;
  let sandboxAll: { Authorization: string };

  beforeAll(async () => {
    booker = await signUp(app, 'matrix-booker');
    reviewer = await signUp(app, 'matrix-reviewer');
    sandboxAll = (await apiKey(app, owner, 'test', ['read:businesses', 'write:businesses', 'read:bookings', 'write:bookings', 'read:reviews', 'write:reviews'])).auth;
  });

  interface Booked {
    businessId: string;
    serviceId: string;
    reviewId: string;
    bookingId: string;
  }

  async function bookedFixture(): Promise<Booked> {
    const everyDay = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '00:00', close: '00:00' }]));
    const businessId = (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ hours: everyDay }))).body.data.id;
    const serviceId = (await request(app.callback).post(`/v1/business/profile/${businessId}/services`).set(owner.auth).send({ name: 'Visit', duration: 60, bookable: true, capacity: 5 })).body.data.id;
    await request(app.callback).patch(`/v1/business/profile/${businessId}`).set(owner.auth).send({ status: 'published' });
    const reviewId = (await request(app.callback).post(`/v1/business/profile/${businessId}/reviews`).set(reviewer.auth).send({ rating: 4 })).body.data.id;
    const slots = (await request(app.callback).get(`/v1/business/profile/${businessId}/services/${serviceId}/availability`).set(booker.auth)).body.data.slots;
    const bookingId = (
      await request(app.callback).post('/v1/bookings').set(booker.auth).send({ businessId, serviceId, start: slots[2].start, customer: { name: 'Pat', email: 'pat@example.com' } })
    ).body.data.id;
    return { businessId, serviceId, reviewId, bookingId };
  }

  type Who = 'owner' | 'booker' | 'other' | 'anonymous' | 'sandbox';
  const auth = (who: Who): Record<string, string> =>
    ({ owner: owner.auth, booker: booker.auth, other: other.auth, anonymous: {}, sandbox: sandboxAll })[who];

  const cases: Array<[string, (f: Booked, a: Record<string, string>) => request.Test, Partial<Record<Who, number>>]> = [
    // Reading a published business's reviews and free times is for any caller of its environment.
    ['GET availability', (f, a) => request(app.callback).get(`/v1/business/profile/${f.businessId}/services/${f.serviceId}/availability`).set(a), { owner: 200, other: 200, anonymous: 401, sandbox: 404 }],
    ['GET reviews', (f, a) => request(app.callback).get(`/v1/business/profile/${f.businessId}/reviews`).set(a), { owner: 200, other: 200, anonymous: 401, sandbox: 404 }],
    ['POST review', (f, a) => request(app.callback).post(`/v1/business/profile/${f.businessId}/reviews`).set(a).send({ rating: 2 }), { owner: 403, anonymous: 401, sandbox: 404 }],
    ['GET business bookings', (f, a) => request(app.callback).get(`/v1/business/profile/${f.businessId}/bookings`).set(a), { owner: 200, booker: 403, other: 403, anonymous: 401, sandbox: 404 }],
    ['GET booking', (f, a) => request(app.callback).get(`/v1/bookings/${f.bookingId}`).set(a), { owner: 200, booker: 200, other: 404, anonymous: 401, sandbox: 404 }],
    ['PATCH booking (cancel)', (f, a) => request(app.callback).patch(`/v1/bookings/${f.bookingId}`).set(a).send({ status: 'cancelled' }), { owner: 200, booker: 200, other: 404, anonymous: 401, sandbox: 404 }],
    ['PUT review reply', (f, a) => request(app.callback).put(`/v1/business/profile/${f.businessId}/reviews/${f.reviewId}/reply`).set(a).send({ text: 'Thanks!' }), { owner: 200, booker: 403, other: 403, anonymous: 401, sandbox: 404 }],
    ['PATCH review', (f, a) => request(app.callback).patch(`/v1/business/profile/${f.businessId}/reviews/${f.reviewId}`).set(a).send({ rating: 1 }), { owner: 403, other: 403, anonymous: 401, sandbox: 404 }],
    ['PUT review moderation', (f, a) => request(app.callback).put(`/v1/business/profile/${f.businessId}/reviews/${f.reviewId}/moderation`).set(a).send({ hidden: true, reason: 'x' }), { owner: 403, other: 403, anonymous: 401, sandbox: 403 }],
  ];

  describe.each(cases)('%s', (_name, send, expected) => {
    it.each(Object.entries(expected) as Array<[Who, number]>)('answers %s with %i', async (who, status) => {
      const fixture = await bookedFixture();
      const response = await send(fixture, auth(who));
      expect(response.status).toBe(status);
      if (status >= 400) {
        // A refused call changed nothing.
        const booking = await app.store.bookings.get('live', fixture.bookingId);
        const review = await app.store.reviews.get('live', fixture.reviewId);
        expect([booking?.status, review?.rating, review?.reply, review?.hidden]).toEqual(['pending', 4, undefined, false]);
      }
    });
  });
});
