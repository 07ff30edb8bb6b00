// Data created with sk_test_ keys lives in its own partition (Stripe's test mode).
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;
let testKey: { Authorization: string };
let liveKey: { Authorization: string };

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'sandbox');
  testKey = (await apiKey(app, owner, 'test')).auth;
  liveKey = (await apiKey(app, owner, 'live')).auth;
});
afterAll(() => app.close());

it('a profile created with a test key is invisible to live credentials', async () => {
  const id = (await request(app.callback).post('/v1/business/profile').set(testKey).send(completeProfileBody())).body.data.id;
  expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(testKey)).status).toBe(200);
  expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(liveKey)).status).toBe(404);
  expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).status).toBe(404);
  expect((await request(app.callback).patch(`/v1/business/profile/${id}`).set(liveKey).send({ tagline: 'x' })).status).toBe(404);
});

it('a live profile is invisible to test keys', async () => {
  const id = (await request(app.callback).post('/v1/business/profile').set(liveKey).send(completeProfileBody())).body.data.id;
  expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(liveKey)).status).toBe(200);
  expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(testKey)).status).toBe(404);
  expect((await request(app.callback).delete(`/v1/business/profile/${id}`).set(testKey)).status).toBe(404);
});

it('the same business may exist once in each environment without DUPLICATE_PROFILE', async () => {
  const body = completeProfileBody();
  expect((await request(app.callback).post('/v1/business/profile').set(liveKey).send(body)).status).toBe(201);
  expect((await request(app.callback).post('/v1/business/profile').set(testKey).send(body)).status).toBe(201);
  expect((await request(app.callback).post('/v1/business/profile').set(testKey).send(body)).status).toBe(409);
});

it('profile status only counts the caller environment profiles', async () => {
  const fresh = await signUp(app, 'sandbox-status');
  const freshTest = (await apiKey(app, fresh, 'test')).auth;
  await request(app.callback).post('/v1/business/profile').set(freshTest).send(completeProfileBody());
  expect((await request(app.callback).get('/v1/business/profile/status').set(freshTest)).status).toBe(200);
  expect((await request(app.callback).get('/v1/business/profile/status').set(fresh.auth)).status).toBe(404);
});
