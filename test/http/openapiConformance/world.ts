// The seeded world the conformance test calls every operation in: an owner with a published,
// bookable business, an admin, a customer, a partner with an agreement in force, and an OAuth
// app the owner allowed. Ids the operations create on the way (media, reviews, bookings...) are
// kept here by the cases that create them, for the cases that use them.
import request from 'supertest';
import { createRateLimitCheck } from '../../../src/core/rateLimitCheck';
import { createMemoryRateLimiter } from '../../../src/adapters/memory/memoryLimiters';
import { grantPartnerAccess } from '../../fixtures/partnerAgreements';
import { completeProfileBody, signUp, type Actor } from '../actors';
import { oauthToken, type OAuthTokenSet } from '../oauthTokens';
import { buildTestApp, untilIndexed, type TestApp } from '../testApp';

type Auth = { Authorization: string };

export interface World {
  app: TestApp;
  owner: Actor;
  admin: Actor;
  customer: Actor;
  partner: Actor;
  /** The partner's live key, declaring the claude platform (event ingestion needs one). */
  partnerKey: Auth;
  businessId: string;
  serviceId: string;
  oauth: OAuthTokenSet;
  /** Filled in by the cases, in order. */
  ids: Record<string, string>;
}

const EVERY_DAY = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '08:00', close: '20:00' }]),
);

export const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function publishedBusiness(app: TestApp, owner: Actor, name = 'Conformance Kitchen'): Promise<string> {
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name, hours: EVERY_DAY }));
  if (created.status !== 201) throw new Error(`profile: ${created.status} ${JSON.stringify(created.body)}`);
  const published = await request(app.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(owner.auth).send({ status: 'published' });
  if (published.status !== 200) throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`);
  return created.body.data.id;
}

export async function seedWorld(): Promise<World> {
  // The real limiter (so the X-RateLimit headers the document promises are sent), at enterprise
  // limits so the hundreds of calls below never meet a 429.
  const limiter = createMemoryRateLimiter();
  const app = await buildTestApp({ rateLimits: createRateLimitCheck(limiter, { floorPlan: 'enterprise' }) });
  const owner = await signUp(app, 'owner', 'enterprise');
  const admin = await signUp(app, 'admin', 'enterprise');
  await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
  const customer = await signUp(app, 'customer', 'enterprise');
  const partner = await signUp(app, 'partner', 'enterprise');
  await grantPartnerAccess(app.store, partner.accountId);
  const key = await request(app.callback).post('/v1/auth/api-keys').set(partner.auth).send({ name: 'assistant', environment: 'live', platform: 'claude' });
  if (key.status !== 201) throw new Error(`partner key: ${key.status} ${JSON.stringify(key.body)}`);

  const businessId = await publishedBusiness(app, owner);
  const service = await request(app.callback)
    .post(`/v1/business/profile/${businessId}/services`)
    .set(owner.auth)
    .send({ name: 'Cooking class', duration: 60, capacity: 4, bookable: true, pricing: { type: 'fixed', currency: 'USD', amount: 40 } });
  if (service.status !== 201) throw new Error(`service: ${service.status} ${JSON.stringify(service.body)}`);
  const oauth = await oauthToken(app, owner, ['read:businesses']);
  await untilIndexed(app);
  return {
    app,
    owner,
    admin,
    customer,
    partner,
    partnerKey: { Authorization: `Bearer ${key.body.data.key}` },
    businessId,
    serviceId: service.body.data.id,
    oauth,
    ids: {},
  };
}
