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

describe('sandbox verification requests', () => {
  let admin: Actor;
  let adminTestKey: { Authorization: string };
  beforeAll(async () => {
    admin = await signUp(app, 'sandbox-admin');
    await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
    adminTestKey = (await apiKey(app, admin, 'test')).auth;
  });

  const sandboxProfile = async () => (await request(app.callback).post('/v1/business/profile').set(testKey).send(completeProfileBody())).body.data.id as string;
  const queueIds = async (auth: { Authorization: string }) =>
    ((await request(app.callback).get('/v1/admin/verifications?limit=100').set(auth)).body.data.verifications as Array<{ verificationId: string }>).map((item) => item.verificationId);

  it('are approved at once, raise the sandbox level and never reach the live queue', async () => {
    const id = await sandboxProfile();
    const response = await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(testKey).send({ level: 'certified', documents: ['https://docs.example/licence.pdf'] });

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'approved', decidedAt: expect.any(String), decisionNote: expect.stringMatching(/^Sandbox: approved/) });
    expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(testKey)).body.data.trust.verificationLevel).toBe('certified');
    expect(await queueIds(admin.auth)).not.toContain(response.body.data.verificationId);
    expect(await queueIds(adminTestKey)).not.toContain(response.body.data.verificationId);
  });

  it('are rejected when a document URL contains "reject", so clients can test both outcomes', async () => {
    const id = await sandboxProfile();
    const response = await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(testKey).send({ level: 'basic', documents: ['https://docs.example/reject.pdf'] });

    expect(response.body.data).toMatchObject({ status: 'rejected', decisionNote: expect.stringMatching(/^Sandbox: rejected/) });
    expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(testKey)).body.data.trust.verificationLevel).toBe('none');
  });

  it('a pending sandbox request (made before auto-decisions) is in the sandbox queue only, marked test, and decided only from there', async () => {
    const id = await sandboxProfile();
    const old = await app.store.verifications.create({ id: 'ver_sandboxLegacy000001', businessId: id, environment: 'test', accountId: owner.accountId, level: 'basic', documents: [], status: 'pending', createdAt: new Date().toISOString() });

    expect(await queueIds(admin.auth)).not.toContain(old.id);
    const sandboxQueue = (await request(app.callback).get('/v1/admin/verifications').set(adminTestKey)).body.data;
    expect(sandboxQueue.environment).toBe('test');
    expect(sandboxQueue.verifications).toContainEqual(expect.objectContaining({ verificationId: old.id, environment: 'test' }));
    const fromLive = await request(app.callback).post(`/v1/admin/verifications/${old.id}/decision`).set(admin.auth).send({ decision: 'approve' });
    expect(fromLive.status).toBe(404);
    expect((await app.store.verifications.get(old.id))?.status).toBe('pending');
    const fromSandbox = await request(app.callback).post(`/v1/admin/verifications/${old.id}/decision`).set(adminTestKey).send({ decision: 'approve' });
    expect(fromSandbox.status).toBe(200);
    expect(fromSandbox.body.data).toMatchObject({ status: 'approved', environment: 'test' });
  });
});
