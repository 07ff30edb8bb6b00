// Events the service records from its own answers: exactly which ones per answer,
// with which platform and journey, in which environment, and nothing about the person.
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from '../actors';
import { buildTestApp, untilIndexed, type TestApp } from '../testApp';
import { grantPartnerAccess } from '../../fixtures/partnerAgreements';

let app: TestApp;
let owner: Actor;
let admin: Actor;
const ids: Record<string, string> = {};

async function publish(auth: { Authorization: string }, key: string, overrides: Record<string, unknown>): Promise<void> {
  const created = await request(app.callback).post('/v1/business/profile').set(auth).send(completeProfileBody(overrides));
  expect(created.status).toBe(201);
  ids[key] = created.body.data.id;
  expect((await request(app.callback).patch(`/v1/business/profile/${ids[key]}`).set(auth).send({ status: 'published' })).status).toBe(200);
}

const vegan = (name: string, category: string) => ({
  name,
  category,
  description: `${name} serves vegan food made fresh every day from local produce, with seasonal specials.`,
});

// Early evening of 9 March in Austin (CDT, UTC-5) is already 10 March in UTC: events carry the
// business's own local day.
const NOW = '2026-03-10T03:30:00.000Z';
const AUSTIN_DAY = '2026-03-09';
const when = { timestamp: NOW, localDate: AUSTIN_DAY };

beforeAll(async () => {
  app = await buildTestApp({ clock: () => new Date(NOW) });
  owner = await signUp(app, 'rec-owner');
  admin = await signUp(app, 'rec-admin');
  await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
  await grantPartnerAccess(app.store, owner.accountId);
  await publish(owner.auth, 'sprout', vegan('Sprout Kitchen', 'restaurants'));
  await publish(owner.auth, 'ladle', vegan('Leaf and Ladle', 'restaurants'));
  await publish(owner.auth, 'fork', vegan('Green Fork', 'Restaurant'));
  await publish(owner.auth, 'crumb', vegan('Crumb Bakehouse', 'bakeries'));
  await untilIndexed(app);
});
afterAll(() => app.close());

beforeEach(async () => {
  await app.eventRecorder.flush();
  app.recorded.clear();
});

async function recorded() {
  await app.eventRecorder.flush();
  return app.recorded.stored.map(({ eventId, ...rest }) => {
    expect(eventId).toMatch(/^evt_[A-Za-z0-9]{22}$/);
    return rest;
  });
}

const consumerSearch = (auth: { Authorization: string }, headers: Record<string, string> = {}) =>
  request(app.callback).post('/v1/api/v1/consumer/search').set(auth).set(headers).send({ query: '  Vegan   FOOD ' });

describe('consumer search', () => {
  it('records per business an impression at its position, a citation when the summary names it, a comparison when a same-category business is beside it', async () => {
    const key = await apiKey(app, owner, 'live');
    const response = await consumerSearch(key.auth, { 'X-Session-ID': 'sess-journey-0001' });
    expect(response.status).toBe(200);
    const order: string[] = response.body.data.businesses.map((b: { id: string }) => b.id);
    expect([...order].sort()).toEqual([ids.sprout, ids.ladle, ids.fork, ids.crumb].sort());
    // The template summary names the first three businesses of the answer, not the fourth.
    const named = (id: string) => response.body.data.response.includes(response.body.data.businesses[order.indexOf(id)].name);
    expect(order.map(named)).toEqual([true, true, true, false]);

    const common = { environment: 'live', ...when, platform: 'direct', journeyId: 'sess-journey-0001', query: 'vegan food', surface: 'consumer' };
    const expected = order.flatMap((id, index) => [
      { type: 'impression', businessId: id, position: index + 1, ...common },
      ...(index < 3 ? [{ type: 'citation', businessId: id, ...common }] : []),
      // Three restaurants ("Restaurant" is the same category); the bakery has no peer on the page.
      ...(id !== ids.crumb ? [{ type: 'comparison', businessId: id, ...common }] : []),
    ]);
    expect(await recorded()).toEqual(expected);
    expect(expected).toHaveLength(4 + 3 + 3);
  });

  it('uses the sessionId it returns as the journey when the caller sent none', async () => {
    const response = await consumerSearch(owner.auth);
    const events = await recorded();
    expect(events.length).toBeGreaterThan(0);
    expect(new Set(events.map((event) => event.journeyId))).toEqual(new Set([response.body.data.sessionId]));
  });

  it('keeps sandbox answers in the sandbox', async () => {
    const sandbox = await signUp(app, 'rec-sandbox');
    const testKey = await apiKey(app, sandbox, 'test');
    await publish(testKey.auth, 'sandboxBakery', vegan('Sandbox Vegan Bakery', 'bakeries'));
    await untilIndexed(app);
    const response = await consumerSearch(testKey.auth);
    expect(response.body.data.businesses.map((b: { id: string }) => b.id)).toEqual([ids.sandboxBakery]);

    expect(await recorded()).toEqual([
      { type: 'impression', businessId: ids.sandboxBakery, position: 1, environment: 'test', ...when, platform: 'direct', journeyId: response.body.data.sessionId, query: 'vegan food', surface: 'consumer' },
      { type: 'citation', businessId: ids.sandboxBakery, environment: 'test', ...when, platform: 'direct', journeyId: response.body.data.sessionId, query: 'vegan food', surface: 'consumer' },
    ]);
  });

  it('stores nothing that identifies the person: no address, user agent or e-mail', async () => {
    await consumerSearch(owner.auth, { 'User-Agent': 'PersonalBrowser/1.0', 'X-Forwarded-For': '203.0.113.9' });
    await app.eventRecorder.flush();
    expect(app.recorded.stored.length).toBeGreaterThan(0);
    const raw = JSON.stringify(app.recorded.stored);
    expect(raw).not.toContain('PersonalBrowser');
    expect(raw).not.toContain('203.0.113.9');
    expect(raw).not.toContain('127.0.0.1');
    expect(raw).not.toContain(owner.email);
    const allowed = ['eventId', 'type', 'businessId', 'environment', 'timestamp', 'platform', 'journeyId', 'query', 'surface', 'position', 'localDate'];
    for (const event of app.recorded.stored) expect(Object.keys(event).filter((key) => !allowed.includes(key))).toEqual([]);
  });
});

describe('partner search', () => {
  it('records impressions and comparisons (no summary, so no citations) under the relayed session and platform', async () => {
    const response = await request(app.callback)
      .get('/v1/api/v1/partners/search?q=vegan&category=restaurant')
      .set(owner.auth)
      .set({ 'X-Session-ID': 'partner-session-42', 'X-AI-Platform': 'Perplexity' });
    expect(response.status).toBe(200);
    const order: string[] = response.body.data.businesses.map((b: { id: string }) => b.id);
    expect([...order].sort()).toEqual([ids.sprout, ids.ladle, ids.fork].sort());

    const common = { environment: 'live', ...when, platform: 'perplexity', journeyId: 'partner-session-42', query: 'vegan', surface: 'partner' };
    expect(await recorded()).toEqual(
      order.flatMap((id, index) => [
        { type: 'impression', businessId: id, position: index + 1, ...common },
        { type: 'comparison', businessId: id, ...common },
      ]),
    );
  });

  it('has no journey when the partner sends no session id', async () => {
    const response = await request(app.callback).get('/v1/api/v1/partners/search?category=bakeries').set(owner.auth);
    expect(response.body.data.businesses.map((b: { id: string }) => b.id)).toEqual([ids.crumb]);

    expect(await recorded()).toEqual([{ type: 'impression', businessId: ids.crumb, position: 1, environment: 'live', ...when, platform: 'direct', surface: 'partner' }]);
  });

  it('records nothing for an answer without businesses, and nothing for the directory', async () => {
    expect((await request(app.callback).get('/v1/api/v1/partners/search?q=zzyzx').set(owner.auth)).body.data.businesses).toEqual([]);
    expect((await request(app.callback).get('/v1/api/v1/directory?query=vegan').set(owner.auth)).body.data.businesses.length).toBe(4);

    expect(await recorded()).toEqual([]);
  });
});

describe('AI platform', () => {
  const platformsOf = async () => new Set((await recorded()).map((event) => event.platform));

  it('comes from the API key it was declared on, and is shown when keys are listed', async () => {
    const created = await request(app.callback).post('/v1/auth/api-keys').set(owner.auth).send({ name: 'claude relay', environment: 'live', platform: 'Claude' });
    expect(created.status).toBe(201);
    expect(created.body.data.platform).toBe('claude');
    const listed = await request(app.callback).get('/v1/auth/api-keys').set(owner.auth);
    expect(listed.body.data.apiKeys.find((k: { id: string }) => k.id === created.body.data.id)).toMatchObject({ platform: 'claude' });

    await consumerSearch({ Authorization: `Bearer ${created.body.data.key}` });
    expect(await platformsOf()).toEqual(new Set(['claude']));
  });

  it('is overridden per request by X-AI-Platform', async () => {
    const created = await request(app.callback).post('/v1/auth/api-keys').set(owner.auth).send({ name: 'multi', environment: 'live', platform: 'chatgpt' });
    await consumerSearch({ Authorization: `Bearer ${created.body.data.key}` }, { 'X-AI-Platform': 'gemini' });
    expect(await platformsOf()).toEqual(new Set(['gemini']));
  });

  it('refuses an unknown X-AI-Platform with 400 naming the header, and records nothing', async () => {
    const response = await consumerSearch(owner.auth, { 'X-AI-Platform': 'skynet' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'X-AI-Platform', issue: expect.stringContaining('unknown AI platform') } });
    const partner = await request(app.callback).get('/v1/api/v1/partners/search?q=vegan').set(owner.auth).set('X-AI-Platform', 'not a platform');
    expect(partner.status).toBe(400);
    expect(partner.body.error.details.field).toBe('X-AI-Platform');
    expect(await recorded()).toEqual([]);
  });

  it('refuses an unknown platform on a new API key', async () => {
    const response = await request(app.callback).post('/v1/auth/api-keys').set(owner.auth).send({ name: 'x', environment: 'live', platform: 'skynet' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'platform' } });
  });

  it('accepts a name an admin registered, on keys and in the header; only admins register', async () => {
    const denied = await request(app.callback).post('/v1/admin/analytics-platforms').set(owner.auth).send({ name: 'mistral' });
    expect(denied.status).toBe(403);
    const before = await consumerSearch(owner.auth, { 'X-AI-Platform': 'mistral' });
    expect(before.status).toBe(400);

    const registered = await request(app.callback).post('/v1/admin/analytics-platforms').set(admin.auth).send({ name: 'mistral', displayName: 'Le Chat' });
    expect(registered.status).toBe(201);
    expect(registered.body.data).toMatchObject({ name: 'mistral', displayName: 'Le Chat', builtIn: false });
    const again = await request(app.callback).post('/v1/admin/analytics-platforms').set(admin.auth).send({ name: 'mistral' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('DUPLICATE_PLATFORM');
    const builtIn = await request(app.callback).post('/v1/admin/analytics-platforms').set(admin.auth).send({ name: 'claude' });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.error.details.field).toBe('name');

    expect((await consumerSearch(owner.auth, { 'X-AI-Platform': 'Mistral' })).status).toBe(200);
    expect(await platformsOf()).toEqual(new Set(['mistral']));
    const key = await request(app.callback).post('/v1/auth/api-keys').set(owner.auth).send({ name: 'le chat', environment: 'live', platform: 'mistral' });
    expect(key.body.data.platform).toBe('mistral');

    const listed = await request(app.callback).get('/v1/admin/analytics-platforms').set(admin.auth);
    expect(listed.body.data.platforms.map((p: { name: string }) => p.name)).toEqual(['chatgpt', 'claude', 'gemini', 'perplexity', 'copilot', 'meta_ai', 'other', 'mistral']);
    const publicList = await request(app.callback).get('/v1/analytics/platforms').set(owner.auth);
    expect(publicList.body.data.platforms.at(-1)).toEqual({ name: 'mistral', displayName: 'Le Chat', builtIn: false });
  });

  it('is direct for a signed-in account without a declared platform, or when X-AI-Platform says direct', async () => {
    await consumerSearch(owner.auth);
    const key = await request(app.callback).post('/v1/auth/api-keys').set(owner.auth).send({ name: 'gemini app', environment: 'live', platform: 'gemini' });
    expect((await consumerSearch({ Authorization: `Bearer ${key.body.data.key}` }, { 'X-AI-Platform': 'direct' })).status).toBe(200);
    expect(await platformsOf()).toEqual(new Set(['direct']));
  });
});

describe('when recording fails', () => {
  it('still answers the search and still redirects a click', async () => {
    const broken = await buildTestApp({
      eventRecorder: {
        record: () => {
          throw new Error('recorder broke');
        },
        flush: async () => undefined,
        close: async () => undefined,
      },
    });
    try {
      const actor = await signUp(broken, 'broken-recorder');
      const created = await request(broken.callback).post('/v1/business/profile').set(actor.auth).send(completeProfileBody(vegan('Resilient Vegan Diner', 'restaurants')));
      await request(broken.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(actor.auth).send({ status: 'published' });
      await untilIndexed(broken);
      const response = await request(broken.callback).post('/v1/api/v1/consumer/search').set(actor.auth).send({ query: 'vegan' });
      expect(response.status).toBe(200);
      expect(response.body.data.businesses.map((b: { id: string }) => b.id)).toEqual([created.body.data.id]);
      const click = await request(broken.callback).get(new URL(response.body.data.businesses[0].trackedUrl).pathname);
      expect([click.status, click.headers.location]).toEqual([302, 'https://greenleaf.example/']);
    } finally {
      await broken.close();
    }
  });
});
