// The four analytics endpoints over HTTP (spec 4.4): shapes exactly, results without the
// envelope, errors with it; every number below is counted by hand from marchStory's comment
// (test/fixtures/analyticsStory.ts) and the peers' events written here.
import request from 'supertest';
import { marchStory } from '../fixtures/analyticsStory';
import { anEvent } from '../fixtures/analyticsEvents';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, untilIndexed, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;
let other: Actor;
let admin: Actor;
let businessId: string;

const MARCH = 'startDate=2026-03-01&endDate=2026-03-31';
const get = (path: string, auth: Record<string, string>) => request(app.callback).get(`/v1/analytics/${path}`).set(auth);

async function createBusiness(actor: { Authorization: string }, overrides: Record<string, unknown> = {}, publish = true): Promise<string> {
  const created = await request(app.callback).post('/v1/business/profile').set(actor).send(completeProfileBody(overrides));
  expect(created.status).toBe(201);
  const id = created.body.data.id as string;
  if (publish) expect((await request(app.callback).patch(`/v1/business/profile/${id}`).set(actor).send({ status: 'published' })).status).toBe(200);
  return id;
}

/** `count` impressions on 2026-03-10, each its own journey; the first `converted` of them convert. */
function peerEvents(id: string, impressions: number, citations: number, converted = 0) {
  const at = { timestamp: '2026-03-10T15:00:00.000Z', localDate: '2026-03-10' };
  const events = [];
  for (let i = 0; i < impressions; i += 1) events.push(anEvent({ businessId: id, ...at, journeyId: `${id}-j${i}`, type: 'impression', position: 1 }));
  for (let i = 0; i < citations; i += 1) events.push(anEvent({ businessId: id, ...at, journeyId: `${id}-j${i}`, type: 'citation' }));
  for (let i = 0; i < converted; i += 1) events.push(anEvent({ businessId: id, ...at, journeyId: `${id}-j${i}`, type: 'conversion', surface: 'ingested' }));
  return events;
}

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'analytics-owner');
  other = await signUp(app, 'analytics-other');
  const adminAccount = await signUp(app, 'analytics-admin');
  await app.store.accounts.update(adminAccount.accountId, { role: 'admin' }, new Date().toISOString());
  admin = adminAccount;
  // Austin: America/Chicago, UTC-6 until 8 March 2026, UTC-5 after.
  businessId = await createBusiness(owner.auth, { category: 'dental' }, false);
  await app.analytics.append(marchStory(businessId));
  // Peers: five published dentists, each filed in its owner's words, four in Austin and one in
  // Dallas; a restaurant and a draft dentist that are not peers.
  const peerOwner = await signUp(app, 'analytics-peers');
  const peers = [
    await createBusiness(peerOwner.auth, { category: 'dental' }),
    await createBusiness(peerOwner.auth, { category: 'Dentists' }),
    await createBusiness(peerOwner.auth, { category: 'dental clinic' }),
    await createBusiness(peerOwner.auth, { category: 'Family Dentistry' }),
    await createBusiness(peerOwner.auth, {
      category: 'dental',
      location: { address: { street: '1 Main St', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' }, coordinates: { lat: 32.78, lon: -96.8 } },
    }),
  ];
  const restaurant = await createBusiness(peerOwner.auth, { category: 'restaurants' });
  const draft = await createBusiness(peerOwner.auth, { category: 'dental' }, false);
  await app.analytics.append([
    ...peerEvents(peers[0], 1, 0),
    ...peerEvents(peers[1], 2, 0),
    ...peerEvents(peers[2], 3, 1),
    ...peerEvents(peers[3], 4, 1),
    ...peerEvents(peers[4], 10, 2, 1),
    ...peerEvents(restaurant, 100, 100),
    ...peerEvents(draft, 100, 100),
  ]);
  await untilIndexed(app);
});
afterAll(() => app.close());

describe('GET /v1/analytics/upstream-metrics', () => {
  it('answers totals, platforms and a daily series over the business local days, without the envelope', async () => {
    const response = await get(`upstream-metrics?businessId=${businessId}&${MARCH}`, owner.auth);
    expect(response.status).toBe(200);
    expect(response.body.success).toBeUndefined();
    expect(response.body.businessId).toBe(businessId);
    // Local midnight of 1 March in Austin is 06:00 UTC; 31 March ends at 05:00 UTC on 1 April (CDT).
    expect(response.body.period).toEqual({ start: '2026-03-01T06:00:00.000Z', end: '2026-04-01T04:59:59.999Z' });
    expect(response.body.metrics).toEqual({ impressions: 5, citations: 2, comparisons: 1, zeroClick: 4, averagePosition: 3, crawls: { total: 0, training: 0, search: 0, user: 0 } });
    expect(response.body.platforms).toEqual([
      { name: 'chatgpt', impressions: 3, citations: 2, share: 0.6, averagePosition: 3.33, crawls: { total: 0, training: 0, search: 0, user: 0 } },
      { name: 'claude', impressions: 2, citations: 0, share: 0.4, averagePosition: 2.5, crawls: { total: 0, training: 0, search: 0, user: 0 } },
    ]);
    expect(response.body.timeSeries).toHaveLength(31);
    expect(response.body.timeSeries[0]).toEqual({ date: '2026-03-01', impressions: 0, citations: 0 });
    expect(response.body.timeSeries[1]).toEqual({ date: '2026-03-02', impressions: 1, citations: 2 });
    expect(response.body.timeSeries[4]).toEqual({ date: '2026-03-05', impressions: 2, citations: 0 });
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('buckets by ISO week (Monday first) and by month, empty buckets as zeros', async () => {
    const weeks = await get(`upstream-metrics?businessId=${businessId}&${MARCH}&granularity=week`, owner.auth);
    expect(weeks.body.timeSeries).toEqual([
      { date: '2026-02-23', impressions: 0, citations: 0 },
      { date: '2026-03-02', impressions: 5, citations: 2 },
      { date: '2026-03-09', impressions: 0, citations: 0 },
      { date: '2026-03-16', impressions: 0, citations: 0 },
      { date: '2026-03-23', impressions: 0, citations: 0 },
      { date: '2026-03-30', impressions: 0, citations: 0 },
    ]);
    const months = await get(`upstream-metrics?businessId=${businessId}&startDate=2026-02-15&endDate=2026-04-30&granularity=month`, owner.auth);
    expect(months.body.timeSeries).toEqual([
      { date: '2026-02-01', impressions: 0, citations: 0 },
      { date: '2026-03-01', impressions: 5, citations: 2 },
      // The story's April impression (j9).
      { date: '2026-04-01', impressions: 1, citations: 0 },
    ]);
  });

  it('filters by platform', async () => {
    const response = await get(`upstream-metrics?businessId=${businessId}&${MARCH}&platform=claude&granularity=month`, owner.auth);
    expect(response.body.metrics).toEqual({ impressions: 2, citations: 0, comparisons: 1, zeroClick: 2, averagePosition: 2.5, crawls: { total: 0, training: 0, search: 0, user: 0 } });
    expect(response.body.platforms).toEqual([{ name: 'claude', impressions: 2, citations: 0, share: 1, averagePosition: 2.5, crawls: { total: 0, training: 0, search: 0, user: 0 } }]);
  });

  it('gives null averagePosition and no platforms when nothing was shown', async () => {
    const response = await get(`upstream-metrics?businessId=${businessId}&startDate=2025-01-01&endDate=2025-01-02`, owner.auth);
    expect(response.body.metrics).toEqual({ impressions: 0, citations: 0, comparisons: 0, zeroClick: 0, averagePosition: null, crawls: { total: 0, training: 0, search: 0, user: 0 } });
    expect(response.body.platforms).toEqual([]);
    expect(response.body.timeSeries).toEqual([
      { date: '2025-01-01', impressions: 0, citations: 0 },
      { date: '2025-01-02', impressions: 0, citations: 0 },
    ]);
  });
});

describe('GET /v1/analytics/intent-journeys', () => {
  it('counts journeys by furthest stage, with rates, means and top queries', async () => {
    const response = await get(`intent-journeys?businessId=${businessId}&${MARCH}`, owner.auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      businessId,
      period: { start: '2026-03-01T06:00:00.000Z', end: '2026-04-01T04:59:59.999Z' },
      // j1 conversion (5 events, 3600 s), j2 intent (3, 2700 s), j3 awareness (1, 0), j4 consideration (2, 300 s), j5 conversion (1, 0).
      // j1's conversion carried 80 USD; j5's none.
      journeys: { total: 5, byStage: { awareness: 1, consideration: 1, intent: 1, conversion: 2 }, conversionRate: 0.4, avgTouchpoints: 2.4, avgDuration: 1320, revenue: [{ currency: 'USD', amount: 80 }] },
      topQueries: [
        { query: 'dentist austin', count: 3, conversionRate: 0.3333 },
        { query: 'dentist austin open now', count: 1, conversionRate: 1 },
        { query: 'teeth whitening', count: 1, conversionRate: 0 },
      ],
    });
  });

  it('keeps journeys that reached at least the stage asked for', async () => {
    const response = await get(`intent-journeys?businessId=${businessId}&${MARCH}&stage=intent`, owner.auth);
    expect(response.body.journeys).toEqual({ total: 3, byStage: { awareness: 0, consideration: 0, intent: 1, conversion: 2 }, conversionRate: 0.6667, avgTouchpoints: 3, avgDuration: 2100, revenue: [{ currency: 'USD', amount: 80 }] });
  });
});

describe('GET /v1/analytics/attribution', () => {
  const credits = async (model?: string) => {
    const response = await get(`attribution?businessId=${businessId}&${MARCH}${model ? `&model=${model}` : ''}`, owner.auth);
    expect(response.status).toBe(200);
    return response.body;
  };

  it('defaults to multiTouch: 40/20/40 over impression, citation, visit of the one creditable conversion', async () => {
    expect(await credits()).toEqual({
      businessId,
      period: { start: '2026-03-01T06:00:00.000Z', end: '2026-04-01T04:59:59.999Z' },
      model: 'multiTouch',
      conversions: 1,
      // j1's 80 USD shared 40/20/40.
      revenue: [{ currency: 'USD', amount: 80 }],
      touchpoints: [
        { type: 'impression', platform: 'chatgpt', credit: 0.4, conversions: 1, revenue: [{ currency: 'USD', amount: 32 }] },
        { type: 'website_visit', platform: 'chatgpt', credit: 0.4, conversions: 1, revenue: [{ currency: 'USD', amount: 32 }] },
        { type: 'citation', platform: 'chatgpt', credit: 0.2, conversions: 1, revenue: [{ currency: 'USD', amount: 16 }] },
      ],
    });
  });

  it('gives the whole conversion to the first or the last touch, or equal shares', async () => {
    expect((await credits('firstTouch')).touchpoints).toEqual([{ type: 'impression', platform: 'chatgpt', credit: 1, conversions: 1, revenue: [{ currency: 'USD', amount: 80 }] }]);
    expect((await credits('lastTouch')).touchpoints).toEqual([{ type: 'website_visit', platform: 'chatgpt', credit: 1, conversions: 1, revenue: [{ currency: 'USD', amount: 80 }] }]);
    expect((await credits('linear')).touchpoints).toEqual([
      { type: 'citation', platform: 'chatgpt', credit: 0.3333, conversions: 1, revenue: [{ currency: 'USD', amount: 26.67 }] },
      { type: 'impression', platform: 'chatgpt', credit: 0.3333, conversions: 1, revenue: [{ currency: 'USD', amount: 26.67 }] },
      { type: 'website_visit', platform: 'chatgpt', credit: 0.3333, conversions: 1, revenue: [{ currency: 'USD', amount: 26.67 }] },
    ]);
  });
});

describe('GET /v1/analytics/benchmarks', () => {
  it('places the business among its published category peers', async () => {
    const response = await get(`benchmarks?businessId=${businessId}&${MARCH}`, owner.auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      businessId,
      period: { start: '2026-03-01T06:00:00.000Z', end: '2026-04-01T04:59:59.999Z' },
      yourMetrics: { impressions: 5, citations: 2, conversionRate: 0.4 },
      benchmarks: {
        // Filed as "dental": the taxonomy's dentists are its peers, named as the kind.
        category: 'Dentist',
        categoryKeys: ['amenity/dentist'],
        location: null,
        sampleSize: 5,
        percentiles: {
          // Peers' impressions 1 2 3 4 10, citations 0 0 1 1 2, conversion rates 0 0 0 0 0.1.
          impressions: { p25: 2, p50: 3, p75: 4, yourPercentile: 80 },
          citations: { p25: 0, p50: 1, p75: 1, yourPercentile: 90 },
          conversionRate: { p25: 0, p50: 0, p75: 0, yourPercentile: 100 },
        },
      },
    });
  });

  it('narrows peers to a state as typed, and withholds percentiles below five peers', async () => {
    const texas = await get(`benchmarks?businessId=${businessId}&${MARCH}&location=TX`, owner.auth);
    expect(texas.body.benchmarks).toMatchObject({ location: 'TX', sampleSize: 5 });
    const austin = await get(`benchmarks?businessId=${businessId}&${MARCH}&location=Austin`, owner.auth);
    expect(austin.body.benchmarks).toEqual({
      category: 'Dentist',
      categoryKeys: ['amenity/dentist'],
      location: 'Austin',
      sampleSize: 4,
      percentiles: { impressions: null, citations: null, conversionRate: null },
      percentilesWithheld: expect.stringContaining('fewer than 5 peers'),
    });
  });

  it('compares with another category when asked', async () => {
    const response = await get(`benchmarks?businessId=${businessId}&${MARCH}&category=Restaurants`, owner.auth);
    expect(response.body.benchmarks).toMatchObject({ category: 'Restaurants', categoryKeys: ['amenity/restaurant'], sampleSize: 1, percentiles: { impressions: null } });
  });

  it('takes the words a directory takes for the category: names, plurals, other languages', async () => {
    for (const category of ['dentist', 'Dentists', 'dental clinic', 'dentista', 'Zahnarzt']) {
      const response = await get(`benchmarks?businessId=${businessId}&${MARCH}&category=${encodeURIComponent(category)}`, owner.auth);
      expect(response.body.benchmarks).toMatchObject({ category, categoryKeys: ['amenity/dentist'], sampleSize: 5 });
    }
  });
});

describe('who may read analytics', () => {
  const paths = ['upstream-metrics', 'intent-journeys', 'attribution', 'benchmarks'];

  it.each(paths)('%s: owner and admin 200, another account 403, no credential 401, unknown business 404', async (path) => {
    expect((await get(`${path}?businessId=${businessId}&${MARCH}`, owner.auth)).status).toBe(200);
    const asAdmin = await get(`${path}?businessId=${businessId}&${MARCH}`, admin.auth);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.businessId).toBe(businessId);
    const asOther = await get(`${path}?businessId=${businessId}&${MARCH}`, other.auth);
    expect(asOther.status).toBe(403);
    expect(asOther.body).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
    const anonymous = await get(`${path}?businessId=${businessId}&${MARCH}`, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
    const unknown = await get(`${path}?businessId=biz_doesnotexist1&${MARCH}`, owner.auth);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: { code: 'PROFILE_NOT_FOUND' } });
  });

  it('needs the read:analytics scope', async () => {
    const key = await apiKey(app, owner, 'live', ['read:businesses']);
    const response = await get(`upstream-metrics?businessId=${businessId}&${MARCH}`, key.auth);
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('FORBIDDEN');
  });

  it('keeps the sandbox apart: a test key cannot see the live business, and sees only sandbox events of its own', async () => {
    const testKey = await apiKey(app, owner, 'test');
    expect((await get(`upstream-metrics?businessId=${businessId}&${MARCH}`, testKey.auth)).status).toBe(404);
    const sandboxBusiness = await createBusiness(testKey.auth, { category: 'dental' }, false);
    await app.analytics.append([
      anEvent({ businessId: sandboxBusiness, environment: 'test', type: 'impression', position: 1, timestamp: '2026-03-03T15:00:00.000Z', localDate: '2026-03-03' }),
      // The same id in live must not show in the sandbox answer.
      anEvent({ businessId: sandboxBusiness, environment: 'live', type: 'impression', position: 1, timestamp: '2026-03-03T15:00:00.000Z', localDate: '2026-03-03' }),
    ]);
    const response = await get(`upstream-metrics?businessId=${sandboxBusiness}&${MARCH}`, testKey.auth);
    expect(response.status).toBe(200);
    expect(response.body.metrics.impressions).toBe(1);
    expect((await get(`upstream-metrics?businessId=${sandboxBusiness}&${MARCH}`, owner.auth)).status).toBe(404);
  });
});

describe('query validation', () => {
  const cases: Array<[string, string, string]> = [
    ['missing businessId', `upstream-metrics?${MARCH}`, 'businessId'],
    ['malformed businessId', `upstream-metrics?businessId=acme&${MARCH}`, 'businessId'],
    ['missing startDate', 'upstream-metrics?businessId=biz_aaaaaaaa&endDate=2026-03-31', 'startDate'],
    ['missing endDate', 'intent-journeys?businessId=biz_aaaaaaaa&startDate=2026-03-01', 'endDate'],
    ['a date that is not ISO 8601', 'upstream-metrics?businessId=biz_aaaaaaaa&startDate=03/01/2026&endDate=2026-03-31', 'startDate'],
    ['a day that does not exist', 'upstream-metrics?businessId=biz_aaaaaaaa&startDate=2026-02-30&endDate=2026-03-31', 'startDate'],
    ['a date-time without an offset', 'upstream-metrics?businessId=biz_aaaaaaaa&startDate=2026-03-01T10:00&endDate=2026-03-31', 'startDate'],
    ['start after end', 'attribution?businessId=biz_aaaaaaaa&startDate=2026-04-01&endDate=2026-03-31', 'startDate'],
    ['a range over 366 days', 'benchmarks?businessId=biz_aaaaaaaa&startDate=2025-01-01&endDate=2026-01-02', 'endDate'],
    ['an unknown granularity', `upstream-metrics?businessId=biz_aaaaaaaa&${MARCH}&granularity=hour`, 'granularity'],
    ['a malformed platform', `upstream-metrics?businessId=biz_aaaaaaaa&${MARCH}&platform=Chat%20GPT`, 'platform'],
    ['an unknown stage', `intent-journeys?businessId=biz_aaaaaaaa&${MARCH}&stage=purchase`, 'stage'],
    ['an unknown model', `attribution?businessId=biz_aaaaaaaa&${MARCH}&model=timeDecay`, 'model'],
    ['an empty location', `benchmarks?businessId=biz_aaaaaaaa&${MARCH}&location=`, 'location'],
    ['an unknown parameter', `upstream-metrics?businessId=biz_aaaaaaaa&${MARCH}&metric=all`, 'metric'],
  ];

  it.each(cases)('%s is a 400 naming the parameter', async (_name, path, field) => {
    const response = await get(path, owner.auth);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', details: { field } } });
    expect(typeof response.body.error.details.issue).toBe('string');
  });

  it('accepts exactly 366 days, and date-times as the local day they fall on', async () => {
    expect((await get(`upstream-metrics?businessId=${businessId}&startDate=2025-04-01&endDate=2026-04-01&granularity=month`, owner.auth)).status).toBe(200);
    // 2026-03-02T03:00Z is still 1 March in Austin (21:00 CST): the period starts on 1 March.
    const response = await get(`upstream-metrics?businessId=${businessId}&startDate=2026-03-02T03:00:00Z&endDate=2026-03-02T12:00:00%2B00:00`, owner.auth);
    expect(response.status).toBe(200);
    expect(response.body.period.start).toBe('2026-03-01T06:00:00.000Z');
    expect(response.body.timeSeries.map((point: { date: string }) => point.date)).toEqual(['2026-03-01', '2026-03-02']);
  });
});
