// Account settings only an admin may change: plan, partnership, suspension, custom limits.
import request from 'supertest';
import { signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let admin: Actor;
let member: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signUp(app, 'admin');
  member = await signUp(app, 'member');
  await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
});
afterAll(() => app.close());

it('an admin grants a partnership, which opens partner search', async () => {
  expect((await request(app.callback).get('/v1/api/v1/partners/search?q=tacos').set(member.auth)).status).toBe(403);
  const granted = await request(app.callback).patch(`/v1/admin/accounts/${member.accountId}`).set(admin.auth).send({ partner: true });
  expect(granted.status).toBe(200);
  expect(granted.body.data).toMatchObject({ id: member.accountId, partner: true });
  expect(granted.body.data).not.toHaveProperty('passwordHash');
  expect((await request(app.callback).get('/v1/api/v1/partners/search?q=tacos').set(member.auth)).status).toBe(200);
});

it('an admin sets an enterprise plan with custom limits', async () => {
  const response = await request(app.callback)
    .patch(`/v1/admin/accounts/${member.accountId}`)
    .set(admin.auth)
    .send({ plan: 'enterprise', customLimits: { search: 250000, analytics: 5000 } });
  expect(response.status).toBe(200);
  expect(response.body.data).toMatchObject({ plan: 'enterprise', customLimits: { search: 250000, analytics: 5000 } });
});

it('a suspended account is refused with 403 FORBIDDEN', async () => {
  const suspended = await signUp(app, 'suspended');
  await request(app.callback).patch(`/v1/admin/accounts/${suspended.accountId}`).set(admin.auth).send({ suspended: true });
  const response = await request(app.callback).get('/v1/business/profile/status').set(suspended.auth);
  expect(response.status).toBe(403);
  expect(response.body.error.code).toBe('FORBIDDEN');
});

it('rejects unknown settings and unknown accounts, and non-admins', async () => {
  const unknownField = await request(app.callback).patch(`/v1/admin/accounts/${member.accountId}`).set(admin.auth).send({ role: 'admin' });
  expect(unknownField.status).toBe(400);
  expect(unknownField.body.error.details.field).toBe('role');
  const unknownAccount = await request(app.callback).patch('/v1/admin/accounts/acct_doesnotexist0000000').set(admin.auth).send({ partner: true });
  expect(unknownAccount.status).toBe(404);
  const notAdmin = await request(app.callback).patch(`/v1/admin/accounts/${member.accountId}`).set(member.auth).send({ partner: true });
  expect(notAdmin.status).toBe(403);
});
