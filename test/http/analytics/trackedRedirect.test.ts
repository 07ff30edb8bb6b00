// Tracked links: trackedUrl on search results, GET /v1/r/{token} records a website
// visit and answers 302 to the website stored on the profile when clicked; nothing else.
import request from 'supertest';
import { signTrackedLink, trackedLinkKey } from '../../../src/domain/analytics/trackedLinkToken';
import { createRateLimitCheck } from '../../../src/core/rateLimitCheck';
import { createMemoryRateLimiter } from '../../../src/adapters/memory/memoryLimiters';
import { apiKey, completeProfileBody, signUp, type Actor } from '../actors';
import { buildTestApp, untilIndexed, type TestApp } from '../testApp';
import { grantPartnerAccess } from '../../fixtures/partnerAgreements';

let app: TestApp;
let owner: Actor;
const ids: Record<string, string> = {};

async function publish(auth: { Authorization: string }, key: string, overrides: Record<string, unknown>): Promise<void> {
  const created = await request(app.callback).post('/v1/business/profile').set(auth).send(completeProfileBody(overrides));
  expect(created.status).toBe(201);
  ids[key] = created.body.data.id;
  const published = await request(app.callback).patch(`/v1/business/profile/${ids[key]}`).set(auth).send({ status: 'published' });
  expect([published.status, published.body.error]).toEqual([200, undefined]);
}

const contact = (website?: string) => ({ contact: { phone: `+1512555${String(Math.floor(Math.random() * 9000) + 1000)}`, ...(website && { website }) } });

// 04:10 UTC on 1 July is still 30 June in Austin (CDT, UTC-5).
const NOW = '2026-07-01T04:10:00.000Z';
const when = { timestamp: NOW, localDate: '2026-06-30' };

beforeAll(async () => {
  app = await buildTestApp({ clock: () => new Date(NOW) });
  owner = await signUp(app, 'link-owner');
  await grantPartnerAccess(app.store, owner.accountId);
  await publish(owner.auth, 'withSite', { name: 'Harbor Ramen', category: 'restaurants', description: 'Ramen bar by the harbor serving tonkotsu and miso ramen, gyoza and cold sesame noodles.', ...contact('https://harbor-ramen.example/menu?from=ai') });
  await publish(owner.auth, 'noSite', { name: 'Dockside Ramen', category: 'restaurants', description: 'Ramen counter by the docks with shoyu ramen, rice bowls and a short list of local beers.', ...contact() });
  await untilIndexed(app);
});
afterAll(() => app.close());

beforeEach(async () => {
  await app.eventRecorder.flush();
  app.recorded.clear();
});

async function searchRamen(headers: Record<string, string> = {}) {
  const response = await request(app.callback).post('/v1/api/v1/consumer/search').set(owner.auth).set(headers).send({ query: 'ramen' });
  expect(response.status).toBe(200);
  return response.body.data as { sessionId: string; businesses: Array<{ id: string; website: string; trackedUrl?: string }> };
}

const trackedUrlOf = (data: Awaited<ReturnType<typeof searchRamen>>, id: string) => data.businesses.find((b) => b.id === id)?.trackedUrl;
const pathOf = (url: string) => new URL(url).pathname;

async function visits() {
  await app.eventRecorder.flush();
  return app.recorded.stored.filter((event) => event.type === 'website_visit').map(({ eventId, ...rest }) => rest);
}

it('gives an absolute trackedUrl to results with a website, and none to those without', async () => {
  const data = await searchRamen();
  const url = trackedUrlOf(data, ids.withSite) as string;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/r\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
  expect(url.length).toBeLessThan(160);
  expect(data.businesses.find((b) => b.id === ids.noSite)).not.toHaveProperty('trackedUrl');

  const partner = await request(app.callback).get('/v1/api/v1/partners/search?q=ramen').set(owner.auth);
  expect(partner.body.data.businesses.find((b: { id: string }) => b.id === ids.withSite).trackedUrl).toMatch(/\/v1\/r\//);
});

it('redirects with 302 to the stored website and records a website_visit for the journey and platform', async () => {
  const data = await searchRamen({ 'X-Session-ID': 'click-journey-01', 'X-AI-Platform': 'chatgpt' });
  await app.eventRecorder.flush();
  app.recorded.clear();

  const click = await request(app.callback).get(pathOf(trackedUrlOf(data, ids.withSite) as string));

  expect(click.status).toBe(302);
  expect(click.headers.location).toBe('https://harbor-ramen.example/menu?from=ai');
  expect(click.headers['cache-control']).toBe('no-store');
  expect(await visits()).toEqual([
    { type: 'website_visit', businessId: ids.withSite, environment: 'live', ...when, platform: 'chatgpt', journeyId: 'click-journey-01', surface: 'redirect' },
  ]);
});

it('follows the website as stored at click time, not at answer time', async () => {
  const data = await searchRamen({ 'X-Session-ID': 'click-journey-02' });
  expect((await request(app.callback).patch(`/v1/business/profile/${ids.withSite}`).set(owner.auth).send({ contact: { website: 'https://new-harbor.example/' } })).status).toBe(200);

  const click = await request(app.callback).get(pathOf(trackedUrlOf(data, ids.withSite) as string));

  expect(click.status).toBe(302);
  expect(click.headers.location).toBe('https://new-harbor.example/');
});

it('answers 404 in the envelope for a tampered, truncated or made-up token, recording nothing', async () => {
  const data = await searchRamen({ 'X-Session-ID': 'click-journey-03' });
  const path = pathOf(trackedUrlOf(data, ids.withSite) as string);
  const token = path.slice('/v1/r/'.length);
  const [payload, signature] = token.split('.');
  const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  // The same link for another business, signed with a key that is not the service's.
  const forged = signTrackedLink(trackedLinkKey('some-other-secret-of-at-least-32-chars'), { businessId: ids.noSite, environment: 'live', platform: 'direct' });
  const otherPayload = Buffer.from(`1~l~${ids.noSite}~click-journey-03~direct`).toString('base64url');

  for (const bad of [`${payload}.${flipped}`, payload, `${otherPayload}.${signature}`, forged, 'not-a-token', `${token}x`, 'a'.repeat(500)]) {
    const response = await request(app.callback).get(`/v1/r/${bad}`);
    expect(response.status).toBe(404);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toMatchObject({ success: false, error: { code: 'TRACKED_LINK_NOT_FOUND' } });
  }
  expect(await visits()).toEqual([]);
});

it('cannot be made to lead anywhere but the profile website (no open redirect)', async () => {
  const data = await searchRamen();
  const path = pathOf(trackedUrlOf(data, ids.withSite) as string);
  for (const suffix of ['?url=https://evil.example/', '?redirect=//evil.example', '?to=https%3A%2F%2Fevil.example']) {
    const response = await request(app.callback).get(`${path}${suffix}`);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.location).host).toBe('new-harbor.example');
  }
  expect((await request(app.callback).get('/v1/r/https%3A%2F%2Fevil.example%2F')).status).toBe(404);
});

it('is 404 once the business is unpublished', async () => {
  await publish(owner.auth, 'closing', { name: 'Closing Ramen', category: 'restaurants', description: 'Closing soon: the last bowls of ramen, dumplings and bao in the old market hall downtown.', ...contact('https://closing.example/') });
  await untilIndexed(app);
  const data = await searchRamen();
  const path = pathOf(trackedUrlOf(data, ids.closing) as string);
  expect((await request(app.callback).get(path)).status).toBe(302);

  expect((await request(app.callback).patch(`/v1/business/profile/${ids.closing}`).set(owner.auth).send({ status: 'draft' })).status).toBe(200);

  expect((await request(app.callback).get(path)).status).toBe(404);
});

it('keeps a sandbox link in the sandbox: it leads to the sandbox profile and records a test event', async () => {
  const tester = await signUp(app, 'link-sandbox');
  const key = await apiKey(app, tester, 'test');
  await publish(key.auth, 'sandboxRamen', { name: 'Sandbox Ramen', category: 'restaurants', description: 'Sandbox ramen shop used for testing tracked links, with noodles, broth and toppings listed.', ...contact('https://sandbox-ramen.example/') });
  await untilIndexed(app);
  const data = (await request(app.callback).post('/v1/api/v1/consumer/search').set(key.auth).send({ query: 'ramen' })).body.data;
  expect(data.businesses.map((b: { id: string }) => b.id)).toEqual([ids.sandboxRamen]);
  await app.eventRecorder.flush();
  app.recorded.clear();

  const click = await request(app.callback).get(pathOf(data.businesses[0].trackedUrl));

  expect(click.headers.location).toBe('https://sandbox-ramen.example/');
  expect(await visits()).toEqual([
    { type: 'website_visit', businessId: ids.sandboxRamen, environment: 'test', ...when, platform: 'direct', journeyId: data.sessionId, surface: 'redirect' },
  ]);
});

it('uses PUBLIC_URL for trackedUrl when it is configured', async () => {
  const configured = await buildTestApp({ config: { jsonBodyLimit: 1024 * 1024, jwtSecret: app.jwtSecret, publicUrl: 'https://api.example.com' } });
  try {
    const actor = await signUp(configured, 'public-url');
    const created = await request(configured.callback).post('/v1/business/profile').set(actor.auth).send(completeProfileBody({ name: 'Public Ramen', description: 'Public ramen house with long opening hours, noodle soups and a quiet reading corner upstairs.' }));
    await request(configured.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(actor.auth).send({ status: 'published' });
    await untilIndexed(configured);
    const data = (await request(configured.callback).post('/v1/api/v1/consumer/search').set(actor.auth).send({ query: 'ramen' })).body.data;
    expect(data.businesses[0].trackedUrl).toMatch(/^https:\/\/api\.example\.com\/v1\/r\//);
  } finally {
    await configured.close();
  }
});

it('limits clicks per client address (the unauthenticated general limit, 100 per hour)', async () => {
  const limiter = createMemoryRateLimiter();
  const limited = await buildTestApp({ rateLimits: createRateLimitCheck(limiter) });
  try {
    for (let i = 0; i < 100; i += 1) {
      const response = await request(limited.callback).get('/v1/r/unknown.token');
      expect(response.status).toBe(404);
    }
    const over = await request(limited.callback).get('/v1/r/unknown.token');
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('RATE_LIMITED');
    expect(over.headers['retry-after']).toEqual(expect.any(String));
  } finally {
    await limited.close();
  }
});
