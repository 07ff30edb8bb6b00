// An answer for one caller must not be kept by a shared cache: authenticated answers
// carry Cache-Control: no-store unless the route means something else (documented in OpenAPI).
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;
let key: { auth: { Authorization: string } };
let businessId: string;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'cache');
  key = await apiKey(app, owner, 'live');
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody());
  businessId = created.body.data.id;
});
afterAll(() => app.close());

it.each([
  ['GET /v1/business/profile (list)', () => request(app.callback).get('/v1/business/profile').set(key.auth)],
  ['GET /v1/business/profile/status', () => request(app.callback).get(`/v1/business/profile/status?businessId=${businessId}`).set(key.auth)],
  ['GET /v1/auth/api-keys', () => request(app.callback).get('/v1/auth/api-keys').set(owner.auth)],
  ['POST /v1/business/profile/{id}/services', () => request(app.callback).post(`/v1/business/profile/${businessId}/services`).set(key.auth).send({ name: 'Cut', pricing: { type: 'fixed', currency: 'USD', amount: 10 } })],
  ['an authenticated 404', () => request(app.callback).get('/v1/business/profile/biz_AAAAAAAAAAAA').set(key.auth)],
  ['GET /v1/api/v1/directory', () => request(app.callback).get('/v1/api/v1/directory').set(key.auth)],
])('%s answers Cache-Control: no-store', async (_name, send) => {
  const response = await send();
  expect(response.status).toBeLessThan(500);
  expect(response.headers['cache-control']).toBe('no-store');
});

it('a single profile stays private and revalidatable with its ETag', async () => {
  const response = await request(app.callback).get(`/v1/business/profile/${businessId}`).set(key.auth);
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-cache');
});

it('an unauthenticated public answer is not marked no-store', async () => {
  const response = await request(app.callback).get('/v1/health');
  expect(response.headers['cache-control']).toBeUndefined();
});
