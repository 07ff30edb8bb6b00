// Every business-scoped route x {owner, another account, no credential, the owner's own
// sandbox key on live data}. A sandbox key cannot even see live data, so it gets 404.
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let app: TestApp;
let owner: Actor;
let other: Actor;
let sandboxAuth: { Authorization: string };

interface Fixture {
  businessId: string;
  serviceId: string;
  mediaId: string;
}

type Caller = 'owner' | 'other' | 'anonymous' | 'sandbox';
type Send = (fixture: Fixture, auth: Record<string, string>) => request.Test;

const routes: Array<[string, number, Send]> = [
  ['GET profile (draft)', 200, (f, a) => request(app.callback).get(`/v1/business/profile/${f.businessId}`).set(a)],
  ['PATCH profile', 200, (f, a) => request(app.callback).patch(`/v1/business/profile/${f.businessId}`).set(a).send({ tagline: 'x' })],
  ['DELETE profile', 200, (f, a) => request(app.callback).delete(`/v1/business/profile/${f.businessId}`).set(a)],
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
  return { businessId, serviceId, mediaId };
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
