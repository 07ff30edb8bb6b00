// Events in, numbers out: a search through the API with a session id and a declared
// platform, a click through /v1/r/, an ingested conversion; then the four analytics endpoints
// show exactly those events and nothing else. Every expected number is counted by hand below.
import request from 'supertest';
import { completeProfileBody, signUp, type Actor } from '../actors';
import { buildTestApp, untilIndexed, type TestApp } from '../testApp';

// 10:00 in Austin (CDT, UTC-5) on Tuesday 10 March 2026.
const SEARCHED_AT = '2026-03-10T15:00:00.000Z';
const CLICKED_AT = '2026-03-10T15:02:00.000Z';
const CONVERTED_AT = '2026-03-10T15:10:00.000Z';
const RANGE = 'startDate=2026-03-10&endDate=2026-03-10';
const PERIOD = { start: '2026-03-10T05:00:00.000Z', end: '2026-03-11T04:59:59.999Z' };

let app: TestApp;
let owner: Actor;
let now = new Date(SEARCHED_AT);
const dental = (name: string, phone: string) => ({
  name,
  category: 'dental',
  description: `${name} offers family dentistry, emergency visits, cleanings and teeth whitening in central Austin.`,
  contact: { phone, website: `https://${name.toLowerCase().replace(/\s+/g, '-')}.example/` },
});

beforeAll(async () => {
  app = await buildTestApp({ clock: () => now });
  owner = await signUp(app, 'e2e-owner');
  for (const [name, phone] of [['Bright Smile Dental', '+15125550101'], ['Gentle Care Dental', '+15125550102']]) {
    const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody(dental(name, phone)));
    expect(created.status).toBe(201);
    expect((await request(app.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
  }
  await untilIndexed(app);
});
afterAll(() => app.close());

it('shows one search, one click and one conversion in all four endpoints, exactly', async () => {
  const key = await request(app.callback).post('/v1/auth/api-keys').set(owner.auth).send({ name: 'assistant', environment: 'live', platform: 'claude' });
  const auth = { Authorization: `Bearer ${key.body.data.key}` };

  now = new Date(SEARCHED_AT);
  const search = await request(app.callback)
    .post('/v1/api/v1/consumer/search')
    .set(auth)
    .set('X-Session-ID', 'e2e-journey-0001')
    .send({ query: 'Dentist in Austin' });
  expect(search.status).toBe(200);
  expect(search.body.data.businesses).toHaveLength(2);
  // The business followed below is the first of the answer: position 1, named in the summary,
  // shown beside the other dental practice.
  const first = search.body.data.businesses[0];
  expect(search.body.data.response).toContain(first.name);

  now = new Date(CLICKED_AT);
  const click = await request(app.callback).get(new URL(first.trackedUrl).pathname);
  expect(click.status).toBe(302);
  expect(click.headers.location).toBe(first.website);

  now = new Date(CONVERTED_AT);
  const ingested = await request(app.callback)
    .post('/v1/analytics/events')
    .set(auth)
    .send({ events: [{ eventId: 'booking-1', type: 'conversion', businessId: first.id, journeyId: 'e2e-journey-0001', timestamp: CONVERTED_AT, value: 120, currency: 'USD' }] });
  expect(ingested.status).toBe(202);
  expect(ingested.body.data).toEqual({ accepted: 1, duplicates: 0 });
  await app.eventRecorder.flush();

  const get = (path: string) => request(app.callback).get(`/v1/analytics/${path}&businessId=${first.id}&${RANGE}`).set(auth);

  // impression (position 1), citation, comparison at 10:00; a visit 2 minutes later, so no zero-click.
  expect((await get('upstream-metrics?granularity=day')).body).toEqual({
    businessId: first.id,
    period: PERIOD,
    metrics: { impressions: 1, citations: 1, comparisons: 1, zeroClick: 0, averagePosition: 1, crawls: { total: 0, training: 0, search: 0, user: 0 } },
    platforms: [{ name: 'claude', impressions: 1, citations: 1, share: 1, averagePosition: 1, crawls: { total: 0, training: 0, search: 0, user: 0 } }],
    timeSeries: [{ date: '2026-03-10', impressions: 1, citations: 1 }],
  });

  // One journey (e2e-journey-0001): 5 events from 10:00 to 10:10 = 600 s, reached conversion.
  expect((await get('intent-journeys?stage=awareness')).body).toEqual({
    businessId: first.id,
    period: PERIOD,
    journeys: { total: 1, byStage: { awareness: 0, consideration: 0, intent: 0, conversion: 1 }, conversionRate: 1, avgTouchpoints: 5, avgDuration: 600, revenue: [{ currency: 'USD', amount: 120 }] },
    topQueries: [{ query: 'dentist in austin', count: 1, conversionRate: 1 }],
  });

  // Four touches before the conversion, all from claude: a quarter each.
  expect((await get('attribution?model=linear')).body).toEqual({
    businessId: first.id,
    period: PERIOD,
    model: 'linear',
    conversions: 1,
    // The booking's 120 USD, a quarter to each touch.
    revenue: [{ currency: 'USD', amount: 120 }],
    touchpoints: [
      { type: 'citation', platform: 'claude', credit: 0.25, conversions: 1, revenue: [{ currency: 'USD', amount: 30 }] },
      { type: 'comparison', platform: 'claude', credit: 0.25, conversions: 1, revenue: [{ currency: 'USD', amount: 30 }] },
      { type: 'impression', platform: 'claude', credit: 0.25, conversions: 1, revenue: [{ currency: 'USD', amount: 30 }] },
      { type: 'website_visit', platform: 'claude', credit: 0.25, conversions: 1, revenue: [{ currency: 'USD', amount: 30 }] },
    ],
  });

  // One peer (the other dental practice): too few for percentiles.
  const benchmarks = (await get('benchmarks?category=dental')).body;
  expect(benchmarks).toMatchObject({
    businessId: first.id,
    period: PERIOD,
    yourMetrics: { impressions: 1, citations: 1, conversionRate: 1 },
    benchmarks: { category: 'dental', sampleSize: 1, percentiles: { impressions: null, citations: null, conversionRate: null } },
  });
});
