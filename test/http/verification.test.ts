import request from 'supertest';
import { hashPassword } from '../../src/domain/passwordHash';
import { completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;
let admin: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'verify');
  admin = await signUp(app, 'admin');
  await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
});
afterAll(() => app.close());

async function newBusiness(): Promise<string> {
  return (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody())).body.data.id;
}

const body = { level: 'certified', documents: ['https://docs.example/license.pdf'] };

it('accepts a request and answers verificationId, pending and an estimated review time', async () => {
  const id = await newBusiness();
  const response = await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send(body);
  expect(response.status).toBe(200);
  expect(response.body.data).toMatchObject({ verificationId: expect.stringMatching(/^ver_/), status: 'pending', estimatedReviewTime: expect.any(String), level: 'certified' });
});

it('answers 409 VERIFICATION_PENDING for a second request while one is pending', async () => {
  const id = await newBusiness();
  await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send(body);
  const second = await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send({ level: 'basic', documents: [] });
  expect(second.status).toBe(409);
  expect(second.body.error.code).toBe('VERIFICATION_PENDING');
});

it('rejects document links that are not https URLs', async () => {
  const id = await newBusiness();
  const response = await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send({ level: 'basic', documents: ['ftp://x'] });
  expect(response.status).toBe(400);
  expect(response.body.error.details.field).toMatch(/^documents/);
});

it('lets an admin approve, which sets trust.verificationLevel, and keeps the history', async () => {
  const id = await newBusiness();
  const requested = (await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send({ level: 'verified', documents: [] })).body.data;
  const queue = await request(app.callback).get('/v1/admin/verifications').set(admin.auth);
  expect(queue.status).toBe(200);
  expect(queue.body.data.verifications.map((v: { verificationId: string }) => v.verificationId)).toContain(requested.verificationId);

  const decided = await request(app.callback).post(`/v1/admin/verifications/${requested.verificationId}/decision`).set(admin.auth).send({ decision: 'approve' });
  expect(decided.status).toBe(200);
  expect(decided.body.data.status).toBe('approved');

  const profile = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
  expect(profile.body.data.trust.verificationLevel).toBe('verified');
  const history = await request(app.callback).get(`/v1/business/profile/${id}/verification`).set(owner.auth);
  expect(history.body.data.verifications).toEqual([expect.objectContaining({ verificationId: requested.verificationId, status: 'approved' })]);

  const again = await request(app.callback).post(`/v1/admin/verifications/${requested.verificationId}/decision`).set(admin.auth).send({ decision: 'reject' });
  expect(again.status).toBe(404);
});

it('a rejection leaves the level unchanged and allows a new request', async () => {
  const id = await newBusiness();
  const requested = (await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send(body)).body.data;
  await request(app.callback).post(`/v1/admin/verifications/${requested.verificationId}/decision`).set(admin.auth).send({ decision: 'reject', note: 'License is expired' });
  const profile = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
  expect(profile.body.data.trust.verificationLevel).toBe('none');
  const retry = await request(app.callback).post(`/v1/business/profile/${id}/verification`).set(owner.auth).send(body);
  expect(retry.status).toBe(200);
});

it('admin routes are forbidden to other accounts', async () => {
  const response = await request(app.callback).get('/v1/admin/verifications').set(owner.auth);
  expect(response.status).toBe(403);
  expect(response.body.error.code).toBe('FORBIDDEN');
});

it('the password hash helper used by admin:create verifies with login', async () => {
  const email = `cli-admin-${Date.now()}@example.com`;
  const now = new Date().toISOString();
  await app.store.accounts.create({ id: 'acct_cliadmin00000000001', email, name: 'Ops', passwordHash: await hashPassword('a long admin password'), plan: 'enterprise', role: 'admin', suspended: false, partner: false, createdAt: now, updatedAt: now });
  const login = await request(app.callback).post('/v1/auth/login').send({ email, password: 'a long admin password' });
  expect(login.status).toBe(200);
});
