// Consumer, directory and partner search through the API on the embedded engines, with the
// in-process indexer: writes become searchable without any manual step.
import request from 'supertest';
import { compileSchema } from '../../src/schemas/compile';
import { consumerSearchResultSchema } from '../../src/schemas/responses/search';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, untilIndexed, type TestApp } from './testApp';
import { grantPartnerAccess } from '../fixtures/partnerAgreements';

// Monday 2026-11-23 18:00 UTC = 12:00 in Austin (America/Chicago), 11:00 in Denver.
const NOW = new Date('2026-11-23T18:00:00Z');
const AUSTIN = { lat: 30.2672, lon: -97.7431 };
const DENVER = { lat: 39.7392, lon: -104.9903 };

let app: TestApp;
let owner: Actor;
let reader: Actor;
const ids: Record<string, string> = {};

async function publish(key: string, overrides: Record<string, unknown>, extra: { services?: object[] } = {}): Promise<string> {
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody(overrides));
  expect(created.status).toBe(201);
  const id = created.body.data.id as string;
  for (const service of extra.services ?? []) {
    expect((await request(app.callback).post(`/v1/business/profile/${id}/services`).set(owner.auth).send(service)).status).toBe(201);
  }
  expect((await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
  ids[key] = id;
  return id;
}

function at(coords: { lat: number; lon: number }, city: string, state: string, dLat = 0) {
  return { location: { address: { street: '1 Main St', city, state, postalCode: `${Math.floor(Math.random() * 90000) + 10000}`, country: 'US' }, coordinates: { lat: coords.lat + dLat, lon: coords.lon } } };
}

const weekdays = (open: string, close: string) => ({ monday: { open, close }, tuesday: { open, close }, wednesday: { open, close }, thursday: { open, close }, friday: { open, close } });

beforeAll(async () => {
  app = await buildTestApp({ clock: () => NOW });
  owner = await signUp(app, 'search-owner');
  reader = await signUp(app, 'search-reader');
  await publish('vegan', { name: 'Green Leaf Vegan Kitchen', description: 'Vegan bowls, tacos and salads for lunch near South Congress, all plant-based.', ...at(AUSTIN, 'Austin', 'TX', 0.01), hours: weekdays('11:00', '22:00') }, { services: [{ name: 'Vegan lunch bowl', pricing: { type: 'fixed', currency: 'USD', amount: 14 } }] });
  await publish('bbq', { name: 'Smoky Pit BBQ', description: 'Texas barbecue brisket and ribs for lunch and dinner, smoked over post oak.', ...at(AUSTIN, 'Austin', 'TX', 0.02), hours: weekdays('11:00', '23:30') }, { services: [{ name: 'Brisket plate', pricing: { type: 'fixed', currency: 'USD', amount: 28 } }] });
  await publish('pizza', { name: 'Slice House', description: 'New York style pizza by the slice, calzones and garlic knots for lunch.', ...at(AUSTIN, 'Austin', 'TX', 0.03), hours: { ...weekdays('16:00', '23:00') } });
  await publish('plumber', { name: 'Rapid Rooter Plumbing', category: 'plumbing', description: 'Licensed plumbers for leaks, drain cleaning and water heater repair across Austin.', ...at(AUSTIN, 'Austin', 'TX', -0.02), hours: weekdays('08:00', '17:00') });
  await publish('denver', { name: 'Mile High Vegan Cafe', category: 'cafes', description: 'Vegan pastries, oat milk lattes and breakfast burritos in downtown Denver.', ...at(DENVER, 'Denver', 'CO'), hours: weekdays('07:00', '15:00') });
  await untilIndexed(app);
});
afterAll(() => app.close());

function consumer(body: Record<string, unknown>, actor: { auth: Record<string, string> } = reader, session?: string) {
  const call = request(app.callback).post('/v1/api/v1/consumer/search').set(actor.auth);
  if (session) call.set('X-Session-ID', session);
  return call.send(body);
}

describe('indexing', () => {
  it('makes a published profile searchable within a second, and a draft never', async () => {
    const draft = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name: 'Zanzibar Draft Diner', ...at(AUSTIN, 'Austin', 'TX') }));
    const published = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name: 'Zanzibar Published Diner', ...at(AUSTIN, 'Austin', 'TX') }));
    await request(app.callback).patch(`/v1/business/profile/${published.body.data.id}`).set(owner.auth).send({ status: 'published' });
    const deadline = Date.now() + 1000;
    let names: string[] = [];
    while (Date.now() < deadline) {
      const found = await consumer({ query: 'zanzibar diner' });
      names = found.body.data.businesses.map((b: { name: string }) => b.name);
      if (names.includes('Zanzibar Published Diner')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(names).toContain('Zanzibar Published Diner');
    expect(names).not.toContain('Zanzibar Draft Diner');
    expect(draft.status).toBe(201);
  });

  it('removes a profile from search when it is unpublished or deleted', async () => {
    const id = await publish('temp', { name: 'Quokka Quick Eats', ...at(AUSTIN, 'Austin', 'TX') });
    await untilIndexed(app);
    expect((await consumer({ query: 'quokka' })).body.data.total).toBe(1);
    await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'draft' });
    await untilIndexed(app);
    expect((await consumer({ query: 'quokka' })).body.data.total).toBe(0);
    await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'published' });
    await untilIndexed(app);
    expect((await consumer({ query: 'quokka' })).body.data.total).toBe(1);
    await request(app.callback).delete(`/v1/business/profile/${id}`).set(owner.auth);
    await untilIndexed(app);
    expect((await consumer({ query: 'quokka' })).body.data.total).toBe(0);
  });
});

describe('POST /v1/api/v1/consumer/search', () => {
  it('answers the spec 4.2 shape with distance in km, a session id and a grounded summary', async () => {
    const response = await consumer({ query: 'vegan lunch', location: { ...AUSTIN, distance: '10km' }, limit: 2 });
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({ query: 'vegan lunch', response: expect.any(String), total: expect.any(Number), sessionId: expect.any(String), pagination: { offset: 0, limit: 2, hasMore: expect.any(Boolean) } });
    // The embedded index counts every match: the total is exact.
    expect(data.totalIsEstimate).toBe(false);
    expect(response.headers['x-session-id']).toBe(data.sessionId);
    const top = data.businesses[0];
    expect(top).toEqual({
      id: ids.vegan,
      name: 'Green Leaf Vegan Kitchen',
      category: 'restaurants',
      description: expect.any(String),
      tagline: expect.any(String),
      address: expect.objectContaining({ city: 'Austin', state: 'TX', country: 'US' }),
      coordinates: { lat: AUSTIN.lat + 0.01, lon: AUSTIN.lon },
      phone: expect.stringMatching(/^\+1/),
      website: 'https://greenleaf.example',
      trackedUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/r\//),
      verified: false,
      averageRating: 0,
      reviewCount: 0,
      distance: expect.any(Number),
      personalizationScore: expect.any(Number),
      matchesQuery: true,
      operatingStatus: 'open',
      reopensOn: null,
      lastVerifiedAt: null,
    });
    // 0.01 degrees of latitude is 1.11 km.
    expect(top.distance).toBeGreaterThan(1.0);
    expect(top.distance).toBeLessThan(1.2);
    expect(data.response).toContain('Green Leaf Vegan Kitchen');
    expect(data.response).not.toContain('Mile High');
  });

  it('answers as its OpenAPI schema says, with no distance (not null) when the request had no location', async () => {
    const validate = compileSchema(consumerSearchResultSchema, 'body');
    for (const body of [{ query: 'vegan lunch' }, { query: 'vegan lunch', location: { ...AUSTIN, distance: '10km' } }]) {
      const data = (await consumer(body)).body.data;
      expect(data.businesses.length).toBeGreaterThan(0);
      expect(validate(data) ? [] : validate.errors).toEqual([]);
      for (const item of data.businesses) expect(item.distance === undefined).toBe(body.location === undefined);
    }
  });

  it('never reuses a summary written for another caller: the same businesses at other distances get their own', async () => {
    const here = (await consumer({ query: 'vegan bowls', location: { ...AUSTIN, distance: '10km' }, limit: 1 })).body.data;
    const there = (await consumer({ query: 'vegan bowls', location: { lat: AUSTIN.lat + 0.01, lon: AUSTIN.lon, distance: '10km' }, limit: 1 })).body.data;
    expect(there.businesses[0].id).toBe(here.businesses[0].id);
    expect(there.total).toBe(here.total);
    expect(here.response).toContain('Green Leaf Vegan Kitchen (matches "vegan" and "bowls", 1.1 km away');
    expect(there.response).toContain('Green Leaf Vegan Kitchen (matches "vegan" and "bowls", 0.1 km away');
  });

  it('keeps results within the radius and honours mi units', async () => {
    const response = await consumer({ query: 'vegan', location: { ...DENVER, distance: '5mi' } });
    expect(response.body.data.businesses.map((b: { id: string }) => b.id)).toEqual([ids.denver]);
  });

  it('understands a category synonym: pizza finds the restaurants', async () => {
    const response = await consumer({ query: 'pizza', location: { ...AUSTIN } });
    expect(response.body.data.businesses[0].id).toBe(ids.pizza);
  });

  it('applies a place named in the sentence when no coordinates are given', async () => {
    const response = await consumer({ query: 'vegan food in Denver' });
    const found = response.body.data.businesses.map((b: { id: string }) => b.id);
    expect(found).toContain(ids.denver);
    expect(found).not.toContain(ids.vegan);
  });

  it('searches the place a sentence names rather than around the caller, with distances from the caller', async () => {
    const response = await consumer({ query: 'vegan in Denver', location: { ...AUSTIN, distance: '10km' } });
    const data = response.body.data;
    expect(data.businesses.map((b: { id: string }) => b.id)).toEqual([ids.denver]);
    // Austin to Denver is about 1 250 km: the distance is in the item, but it is no reason to pick the place.
    expect(data.businesses[0].distance).toBeGreaterThan(1200);
    expect(data.businesses[0].distance).toBeLessThan(1300);
    expect(data.response).toMatch(/^Found 1 place for "vegan in Denver"\. Top pick: Mile High Vegan Cafe \(matches "vegan", open now\)\.$/);
  });

  it('filters by "open now" in the business time zone', async () => {
    const response = await consumer({ query: 'lunch open now', location: { ...AUSTIN, distance: '20km' } });
    const found = response.body.data.businesses.map((b: { id: string }) => b.id);
    expect(found).toEqual(expect.arrayContaining([ids.vegan, ids.bbq]));
    expect(found).not.toContain(ids.pizza); // opens at 16:00
    // The index applied the filter: the total counts exactly the open ones.
    expect(response.body.data.total).toBe(found.length);
  });

  it('filters by clock times and relative days: "open until 11pm", "open tomorrow at 5pm"', async () => {
    const ids_ = (response: { body: { data: { businesses: Array<{ id: string }> } } }) => response.body.data.businesses.map((b) => b.id).sort();
    // Monday in Austin: BBQ closes 23:30, pizza 23:00, the vegan kitchen 22:00.
    const late = await consumer({ query: 'dinner open until 11pm', location: { ...AUSTIN, distance: '20km' } });
    expect(ids_(late)).toEqual([ids.bbq, ids.pizza].sort());
    expect(late.body.data.total).toBe(2);
    // The summary gives each pick's hours on the day asked about.
    expect(late.body.data.response).toMatch(/Smoky Pit BBQ \([^)]*open today 11am-11:30pm/);
    expect(late.body.data.response).toMatch(/Slice House \([^)]*open today 4pm-11pm/);
    // Tuesday 17:00, no other condition: the three restaurants (weekday hours), not the plumber (closes 17:00).
    const tomorrow = await consumer({ query: 'open tomorrow at 5pm', location: { ...AUSTIN, distance: '20km' } });
    expect(ids_(tomorrow)).toEqual(expect.arrayContaining([ids.vegan, ids.bbq, ids.pizza]));
    expect(ids_(tomorrow)).not.toContain(ids.plumber);
    expect(ids_(await consumer({ query: 'open tomorrow', location: { ...AUSTIN, distance: '20km' } }))).toContain(ids.plumber);
  });

  it('filters by price: "under $20"', async () => {
    const response = await consumer({ query: 'lunch under $20', location: { ...AUSTIN, distance: '20km' } });
    const found = response.body.data.businesses.map((b: { id: string }) => b.id);
    expect(found).toContain(ids.vegan);
    expect(found).not.toContain(ids.bbq);
    // The lowest price is shown in its currency, first: the sentence asked about price.
    expect(response.body.data.response).toBe('Found 1 place for "lunch under $20". Top pick: Green Leaf Vegan Kitchen (matches "lunch", services from $14, 1.1 km away, open now).');
  });

  it('filters "24 hour" to places open all day today, and "weekends" to places open on Saturday or Sunday', async () => {
    const phoenix = { lat: 33.4484, lon: -112.074 };
    const allWeek = (open: string, close: string) =>
      Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open, close }]));
    const roundTheClock = await publish('allDay', { name: 'Saguaro Pharmacy', category: 'pharmacy', ...at(phoenix, 'Phoenix', 'AZ'), hours: allWeek('00:00', '00:00') });
    const daytime = await publish('daytime', { name: 'Ocotillo Pharmacy', category: 'pharmacy', ...at(phoenix, 'Phoenix', 'AZ', 0.01), hours: weekdays('08:00', '20:00') });
    try {
      await untilIndexed(app);
      const names = async (query: string) => (await consumer({ query })).body.data.businesses.map((b: { name: string }) => b.name).sort();
      expect(await names('pharmacy in Phoenix')).toEqual(['Ocotillo Pharmacy', 'Saguaro Pharmacy']);
      expect(await names('24 hour pharmacy in Phoenix')).toEqual(['Saguaro Pharmacy']);
      expect(await names('pharmacy open 24/7 in phoenix az')).toEqual(['Saguaro Pharmacy']);
      expect(await names('pharmacy open weekends in Phoenix')).toEqual(['Saguaro Pharmacy']);
      expect(await names('pharmacy open on friday in Phoenix')).toEqual(['Ocotillo Pharmacy', 'Saguaro Pharmacy']);
    } finally {
      for (const id of [roundTheClock, daytime]) await request(app.callback).delete(`/v1/business/profile/${id}`).set(owner.auth);
      await untilIndexed(app);
    }
  });

  it('ranks vegan places higher for a neutral query after a session searched "vegan"', async () => {
    const neutral = await consumer({ query: 'lunch', location: { ...AUSTIN, distance: '20km' } });
    const neutralOrder = neutral.body.data.businesses.map((b: { id: string }) => b.id);
    const session = 'sess-vegan-fan-0001';
    for (let i = 0; i < 3; i++) await consumer({ query: 'vegan', location: { ...AUSTIN, distance: '20km' } }, reader, session);
    const personal = await consumer({ query: 'lunch', location: { ...AUSTIN, distance: '20km' } }, reader, session);
    const personalResults = personal.body.data.businesses;
    expect(personal.body.data.sessionId).toBe(session);
    expect(personalResults[0].id).toBe(ids.vegan);
    expect(personalResults[0].personalizationScore).toBeGreaterThan(0);
    expect(personalResults[0].personalizationScore).toBeGreaterThan(personalResults[1].personalizationScore);
    expect(neutralOrder.indexOf(ids.vegan)).toBeGreaterThanOrEqual(personalResults.findIndex((b: { id: string }) => b.id === ids.vegan));
  });

  it('keeps a session to the account and environment that use it: the same X-Session-ID elsewhere starts empty', async () => {
    const session = 'shared-client-session-7';
    const near = { query: 'lunch', location: { ...AUSTIN, distance: '20km' } };
    for (let i = 0; i < 3; i++) await consumer({ query: 'vegan', location: near.location }, reader, session);
    const scores = (response: request.Response) => response.body.data.businesses.map((b: { personalizationScore: number }) => b.personalizationScore);
    expect(Math.max(...scores(await consumer(near, reader, session)))).toBeGreaterThan(0);
    // Another account that happens to send (or guesses) the same id learns nothing from it.
    const stranger = await signUp(app, 'search-stranger');
    expect(scores(await consumer(near, stranger, session)).every((s: number) => s === 0)).toBe(true);
    // Nor does the same account's sandbox key: test traffic does not shape live sessions.
    const sandbox = await apiKey(app, reader, 'test');
    const sandboxPage = await consumer(near, sandbox, session);
    expect(sandboxPage.body.data.sessionId).toBe(session);
    expect(scores(sandboxPage).every((s: number) => s === 0)).toBe(true);
    // And a stranger's searches under that id do not steer the reader's session: after three
    // plumbing searches by the stranger, the reader's plumber result is still not personalised.
    for (let i = 0; i < 3; i++) await consumer({ query: 'plumber', location: near.location }, stranger, session);
    const own = await consumer({ query: 'austin', location: near.location }, reader, session);
    const plumber = own.body.data.businesses.find((b: { id: string }) => b.id === ids.plumber);
    expect(plumber?.personalizationScore).toBe(0);
  });

  it('counts a profile viewed with X-Session-ID in that caller\'s session only', async () => {
    const session = 'viewed-a-plumber-01';
    const near = { query: 'austin', location: { ...AUSTIN, distance: '20km' } };
    const plumberScore = (response: request.Response) =>
      response.body.data.businesses.find((b: { id: string }) => b.id === ids.plumber)?.personalizationScore;
    const view = await request(app.callback).get(`/v1/business/profile/${ids.plumber}`).set(reader.auth).set('X-Session-ID', session);
    expect(view.status).toBe(200);
    expect(plumberScore(await consumer(near, reader, session))).toBeGreaterThan(0);
    const stranger = await signUp(app, 'view-stranger');
    expect(plumberScore(await consumer(near, stranger, session))).toBe(0);
  });

  it('pages with offset and limit', async () => {
    const all = (await consumer({ query: 'lunch', location: { ...AUSTIN, distance: '20km' }, limit: 50 })).body.data;
    const second = (await consumer({ query: 'lunch', location: { ...AUSTIN, distance: '20km' }, limit: 1, offset: 1 })).body.data;
    expect(second.businesses.map((b: { id: string }) => b.id)).toEqual([all.businesses[1].id]);
    expect(second.pagination).toEqual({ offset: 1, limit: 1, hasMore: all.total > 2 });
  });

  it('filters by a category named as people say it ("plumber"), as the directory does', async () => {
    const response = await consumer({ query: 'drain cleaning', category: 'plumber', location: { ...AUSTIN, distance: '20km' } });
    expect(response.body.data.businesses.map((b: { id: string }) => b.id)).toEqual([ids.plumber]);
  });

  it('advises on the conditions the request really had when nothing matched', async () => {
    // No location: a wider radius cannot help; the request's category filter can.
    const filtered = await consumer({ query: 'brisket', category: 'cafes' });
    expect(filtered.body.data.total).toBe(0);
    expect(filtered.body.data.response).toBe('No places matched "brisket". You could drop the category filter ("cafes") or check the spelling.');
    // The same sentence with a radius and no category gets its own text, not a cached one.
    const near = await consumer({ query: 'brisket', location: { ...DENVER, distance: '5km' } });
    expect(near.body.data.total).toBe(0);
    expect(near.body.data.response).toBe('No places matched "brisket". You could widen the search radius or check the spelling.');
  });

  it('corrects a word no business contains that is a typo of a known word, and says so', async () => {
    const response = await consumer({ query: 'Piza in Austin' });
    const data = response.body.data;
    expect(data.query).toBe('Piza in Austin');
    expect(data.correctedQuery).toBe('pizza in Austin');
    expect(data.businesses.map((b: { id: string }) => b.id)).toContain(ids.pizza);
    expect(data.response).toMatch(/^Showing results for "pizza in Austin": no business mentions "Piza"\. Found \d+ places? for "pizza in Austin"\./);
    // Nothing to correct: the sentence is searched as typed and no correctedQuery is sent.
    const nonsense = (await consumer({ query: 'qwrtzpx' })).body.data;
    expect(nonsense).toMatchObject({ total: 0, response: 'No places matched "qwrtzpx". You could check the spelling.' });
    expect(nonsense).not.toHaveProperty('correctedQuery');
  });

  it('leaves alone a word some business contains, however close it is to a known word', async () => {
    // "vegan" is one letter from the known city word "vegas"; the fixture's vegan places hold it.
    const vegan = (await consumer({ query: 'vegan' })).body.data;
    expect(vegan).not.toHaveProperty('correctedQuery');
    expect(vegan.businesses.map((b: { id: string }) => b.id)).toEqual(expect.arrayContaining([ids.vegan, ids.denver]));
  });

  it('says what a pick is listed under when it is not the kind of place the sentence named, never what it is not', async () => {
    // "lunch" infers restaurants and "pastries" bakeries (neither names a kind, so neither
    // filters); the only match near Denver is a cafe that mentions pastries.
    const response = await consumer({ query: 'lunch pastries', location: { ...DENVER, distance: '5km' } });
    const names = response.body.data.businesses.map((b: { name: string }) => b.name);
    expect(names).toEqual(['Mile High Vegan Cafe']);
    expect(response.body.data.response).toMatch(/^Found 1 place for "lunch pastries"\. Top pick: Mile High Vegan Cafe \(listed under cafes, matches "pastries", /);
    expect(response.body.data.response).not.toMatch(/not listed|is not a|does not/);
    expect(response.body.data.businesses[0].matchesQuery).toBe(true);
  });

  it('says first when nothing in reach is what was asked for, and marks what it shows instead (matchesQuery, as documented)', async () => {
    const data = (await consumer({ query: 'ramen', location: { ...AUSTIN, distance: '20km' } })).body.data;
    expect(data.response).toMatch(/^No business within 20 km offers "ramen"\. Other places found: /);
    // The restaurants the dish implies, none of which mentions ramen.
    expect(data.businesses.map((b: { id: string }) => b.id)).toEqual(expect.arrayContaining([ids.vegan, ids.bbq, ids.pizza]));
    expect(data.businesses.map((b: { matchesQuery: boolean }) => b.matchesQuery)).toEqual(data.businesses.map(() => false));
    const validate = compileSchema(consumerSearchResultSchema, 'body');
    expect(validate(data) ? [] : validate.errors).toEqual([]);
    // A dish someone offers: only the matches are true, and they come first.
    const brisket = (await consumer({ query: 'brisket', location: { ...AUSTIN, distance: '20km' } })).body.data;
    expect(brisket.businesses[0]).toMatchObject({ id: ids.bbq, matchesQuery: true });
    expect(brisket.businesses.slice(1).map((b: { matchesQuery: boolean }) => b.matchesQuery)).toEqual(brisket.businesses.slice(1).map(() => false));
    // "brisket" implies a barbecue restaurant; the pit is filed as a restaurant, which the pick says.
    expect(brisket.response).toMatch(/^Found \d+ places for "brisket"\. Top pick: Smoky Pit BBQ \(listed under restaurants, matches "brisket"/);
  });

  it('takes a sentence over several lines, as an assistant may send it, but no control characters', async () => {
    const multiLine = await consumer({ query: 'vegan lunch\nin Austin' });
    expect(multiLine.status).toBe(200);
    expect(multiLine.body.data.businesses.map((b: { id: string }) => b.id)).toContain(ids.vegan);
    const control = await consumer({ query: 'vegan\u0000lunch' });
    expect(control.status).toBe(400);
    expect(control.body.error.details.field).toBe('query');
  });

  it.each([
    ['query', { query: '' }],
    ['query', { query: 'x'.repeat(501) }],
    ['limit', { query: 'x', limit: 51 }],
    ['limit', { query: 'x', limit: 0 }],
    ['location.lat', { query: 'x', location: { lat: 91, lon: 0 } }],
    ['location.lon', { query: 'x', location: { lat: 0 } }],
    ['location.distance', { query: 'x', location: { lat: 0, lon: 0, distance: '5 parsecs' } }],
  ])('rejects an invalid %s', async (field, body) => {
    const response = await consumer(body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details.field).toBe(field);
  });

  it('keeps sandbox searches apart from live data', async () => {
    const sandbox = (await apiKey(app, owner, 'test')).auth;
    const live = await consumer({ query: 'vegan' });
    expect(live.body.data.total).toBeGreaterThan(0);
    const test = await consumer({ query: 'vegan' }, { auth: sandbox });
    expect(test.body.data.total).toBe(0);
  });
});

describe('GET /v1/api/v1/directory', () => {
  it('lists with filters and documents the item shape', async () => {
    const response = await request(app.callback).get('/v1/api/v1/directory?city=austin&category=restaurants&sortBy=name&sortOrder=asc').set(reader.auth);
    expect(response.status).toBe(200);
    const names = response.body.data.businesses.map((b: { name: string }) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).not.toContain('Rapid Rooter Plumbing');
    expect(response.body.data.businesses[0]).toEqual(expect.objectContaining({ aiVisibilityScore: expect.any(Number), verificationLevel: 'none', verified: false }));
    expect(response.body.data.businesses[0]).not.toHaveProperty('personalizationScore');
    expect(response.body.data.pagination).toEqual({ total: names.length, totalIsEstimate: false, limit: 20, offset: 0, hasMore: false });
  });

  it('filters by every verification level an item can show, certified included', async () => {
    const admin = await signUp(app, 'search-admin');
    await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
    const requested = await request(app.callback).post(`/v1/business/profile/${ids.denver}/verification`).set(owner.auth).send({ level: 'certified', documents: [] });
    await request(app.callback).post(`/v1/admin/verifications/${requested.body.data.verificationId}/decision`).set(admin.auth).send({ decision: 'approve' });
    await untilIndexed(app);
    const certified = await request(app.callback).get('/v1/api/v1/directory?verificationLevel=certified').set(reader.auth);
    expect(certified.status).toBe(200);
    expect(certified.body.data.businesses.map((b: { id: string; verificationLevel: string }) => [b.id, b.verificationLevel])).toEqual([[ids.denver, 'certified']]);
    const premium = await request(app.callback).get('/v1/api/v1/directory?verificationLevel=premium').set(reader.auth);
    expect(premium.body.data.pagination.total).toBe(0);
    const unknown = await request(app.callback).get('/v1/api/v1/directory?verificationLevel=gold').set(reader.auth);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual({ field: 'verificationLevel', issue: 'must be one of basic, verified, premium, certified' });
  });

  it('sorts by relevance to the query on request, and by aiVisibilityScore without a query', async () => {
    const get = async (query: string) => (await request(app.callback).get(`/v1/api/v1/directory?${query}`).set(reader.auth)).body.data;
    // Green Leaf matches every word; the Denver cafe only "vegan"; other restaurants only the category "salads" implies.
    const relevant = await get('query=vegan%20bowls%20salads&sortBy=relevance');
    expect(relevant.businesses.map((b: { id: string }) => b.id).slice(0, 2)).toEqual([ids.vegan, ids.denver]);
    const byName = await get('query=vegan%20bowls%20salads&sortBy=name&sortOrder=desc');
    expect(byName.pagination.total).toBe(relevant.pagination.total);
    expect(byName.businesses[0].id).not.toBe(ids.vegan);
    expect((await get('sortBy=relevance')).businesses).toEqual((await get('sortBy=aiVisibilityScore')).businesses);
  });

  it('rejects a limit over 100 and an unknown sort', async () => {
    expect((await request(app.callback).get('/v1/api/v1/directory?limit=101').set(reader.auth)).body.error.details.field).toBe('limit');
    expect((await request(app.callback).get('/v1/api/v1/directory?sortBy=price').set(reader.auth)).body.error.details.field).toBe('sortBy');
  });
});

describe('GET /v1/api/v1/partners/search', () => {
  let partner: Actor;
  beforeAll(async () => {
    partner = await signUp(app, 'partner');
    await grantPartnerAccess(app.store, partner.accountId);
  });

  it('is forbidden without a partnership agreement', async () => {
    const response = await request(app.callback).get('/v1/api/v1/partners/search?q=vegan').set(reader.auth);
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('FORBIDDEN');
  });

  it('needs one of q, category or location', async () => {
    const response = await request(app.callback).get('/v1/api/v1/partners/search').set(partner.auth);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details.issue).toMatch(/q.*category.*location/);
  });

  it('searches by free-text place and by lat,lon,radius', async () => {
    const byCity = await request(app.callback).get('/v1/api/v1/partners/search?category=plumbing&location=Austin,%20TX').set(partner.auth);
    expect(byCity.status).toBe(200);
    expect(byCity.body.data.businesses.map((b: { id: string }) => b.id)).toEqual([ids.plumber]);
    expect(byCity.body.data.pagination).toEqual({ total: 1, totalIsEstimate: false, limit: 20, offset: 0, hasMore: false });
    const byPoint = await request(app.callback).get(`/v1/api/v1/partners/search?location=${DENVER.lat},${DENVER.lon},10`).set(partner.auth);
    expect(byPoint.body.data.businesses.map((b: { id: string }) => b.id)).toEqual([ids.denver]);
    expect(byPoint.body.data.businesses[0].distance).toBeLessThan(1);
  });

  it('corrects a typo in q that no business contains, and says what it searched', async () => {
    const typo = await request(app.callback).get('/v1/api/v1/partners/search?q=piza&location=Austin,%20TX').set(partner.auth);
    expect(typo.status).toBe(200);
    expect(typo.body.data.correctedQuery).toBe('pizza');
    expect(typo.body.data.businesses.map((b: { id: string }) => b.id)).toContain(ids.pizza);
    // A word a business holds is searched as sent, and no correctedQuery is given.
    const held = await request(app.callback).get('/v1/api/v1/partners/search?q=vegan').set(partner.auth);
    expect(held.body.data).not.toHaveProperty('correctedQuery');
    expect(held.body.data.businesses.map((b: { id: string }) => b.id)).toEqual(expect.arrayContaining([ids.vegan, ids.denver]));
    // The directory filters exactly what it was given.
    const directory = await request(app.callback).get('/v1/api/v1/directory?query=piza').set(reader.auth);
    expect(directory.body.data).toMatchObject({ pagination: { total: 0 } });
    expect(directory.body.data).not.toHaveProperty('correctedQuery');
  });
});

describe('ZIP codes', () => {
  let partner: Actor;
  const zipped: string[] = [];
  const names = (response: { body: { data: { businesses: Array<{ name: string }> } } }) => response.body.data.businesses.map((b) => b.name).sort();

  beforeAll(async () => {
    partner = await signUp(app, 'zip-partner');
    await grantPartnerAccess(app.store, partner.accountId);
    const inZip = (postalCode: string, dLat: number) => {
      const place = at(AUSTIN, 'Austin', 'TX', dLat);
      return { location: { ...place.location, address: { ...place.location.address, postalCode } } };
    };
    zipped.push(await publish('zipA', { name: 'Bluebonnet Bakery', category: 'bakeries', ...inZip('73301', 0.04) }));
    zipped.push(await publish('zipB', { name: 'Pecan Street Bakery', category: 'bakeries', ...inZip('73301-4455', 0.05) }));
    zipped.push(await publish('zipC', { name: 'Live Oak Bakery', category: 'bakeries', ...inZip('73344', 0.06) }));
    await untilIndexed(app);
  });
  afterAll(async () => {
    for (const id of zipped) await request(app.callback).delete(`/v1/business/profile/${id}`).set(owner.auth);
    await untilIndexed(app);
  });

  it('consumer search reads a ZIP code in the sentence as a postal code filter', async () => {
    expect(names(await consumer({ query: 'bakery in 73301' }))).toEqual(['Bluebonnet Bakery', 'Pecan Street Bakery']);
    expect(names(await consumer({ query: 'bakery near 73344' }))).toEqual(['Live Oak Bakery']);
    const none = await consumer({ query: 'bakery in 78745' });
    expect(none.body.data.total).toBe(0);
    expect(none.body.data.response).toBe('No places matched "bakery in 78745". You could try a nearby ZIP code.');
    // Five digits the ZIP code data does not know are no ZIP code: no postal filter.
    expect(names(await consumer({ query: 'bakery in 73399' }))).toEqual(expect.arrayContaining(['Bluebonnet Bakery', 'Live Oak Bakery']));
  });

  it('the directory filters postalCode; a ZIP finds a ZIP+4 address', async () => {
    const page = await request(app.callback).get('/v1/api/v1/directory?postalCode=73301').set(reader.auth);
    expect(page.status).toBe(200);
    expect(names(page)).toEqual(['Bluebonnet Bakery', 'Pecan Street Bakery']);
    expect(page.body.data.pagination.total).toBe(2);
    const long = await request(app.callback).get(`/v1/api/v1/directory?postalCode=${'9'.repeat(21)}`).set(reader.auth);
    expect(long.status).toBe(400);
    expect(long.body.error.details).toEqual({ field: 'postalCode', issue: 'must be at most 20 characters' });
  });

  it('partner search takes a ZIP code as location, alone or after the city', async () => {
    const alone = await request(app.callback).get('/v1/api/v1/partners/search?location=73344').set(partner.auth);
    expect(names(alone)).toEqual(['Live Oak Bakery']);
    const withCity = await request(app.callback).get('/v1/api/v1/partners/search?category=bakeries&location=Austin,%20TX%2073301').set(partner.auth);
    expect(names(withCity)).toEqual(['Bluebonnet Bakery', 'Pecan Street Bakery']);
  });
});
