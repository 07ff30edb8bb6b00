// Path ids are checked against their documented patterns (components.parameters), and no
// error message quotes unbounded client input back.
import request from 'supertest';
import { completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;
let businessId: string;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'path-ids');
  businessId = (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody())).body.data.id;
});
afterAll(() => app.close());

type Method = 'get' | 'patch' | 'post' | 'delete';
const LONG = 'a'.repeat(5000);

const cases: Array<[string, Method, () => string, string, string]> = [
  ['profile GET', 'get', () => '/v1/business/profile/not-an-id', 'businessId', 'biz_'],
  ['profile GET with a wrong prefix', 'get', () => '/v1/business/profile/svc_abcdefabcdef', 'businessId', 'biz_'],
  ['hours PATCH', 'patch', () => '/v1/business/profile/biz_x/hours', 'businessId', 'biz_'],
  ['service DELETE', 'delete', () => `/v1/business/profile/${businessId}/services/svc_nope`, 'serviceId', 'svc_'],
  ['media GET', 'get', () => '/v1/media/photo.png', 'mediaId', 'med_'],
  ['media DELETE', 'delete', () => '/v1/business/profile/media/med_', 'mediaId', 'med_'],
  ['API key DELETE', 'delete', () => '/v1/auth/api-keys/sk_live_abc', 'keyId', 'key_'],
  ['verification decision', 'post', () => '/v1/admin/verifications/ver_!!!/decision', 'verificationId', 'ver_'],
  ['account PATCH', 'patch', () => '/v1/admin/accounts/acct_nonexist1-', 'accountId', 'acct_'],
];

it.each(cases)('answers 400 VALIDATION_ERROR naming the parameter for a malformed id: %s', async (_label, method, path, field, prefix) => {
  const response = await request(app.callback)[method](path()).set(owner.auth).send({});
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('VALIDATION_ERROR');
  expect(response.body.error.details.field).toBe(field);
  expect(response.body.error.details.issue).toContain(`${prefix} followed by 6-40 letters or digits`);
});

it('checks the credential first: a malformed id without one is 401', async () => {
  const response = await request(app.callback).get('/v1/business/profile/not-an-id');
  expect(response.status).toBe(401);
});

it('on a route anyone may call, a malformed id without a credential is 400 on the id, not 401', async () => {
  const response = await request(app.callback).post('/v1/business/profile/not-an-id/information-reports').send({ kind: 'closed' });
  expect([response.status, response.body.error.code, response.body.error.details.field]).toEqual([400, 'VALIDATION_ERROR', 'businessId']);
  // The same path's owner-only method still checks the credential first.
  expect((await request(app.callback).get('/v1/business/profile/not-an-id/information-reports')).status).toBe(401);
});

it('still answers 404 for a well-formed id that does not exist', async () => {
  const response = await request(app.callback).get('/v1/business/profile/biz_doesnotexist00000000').set(owner.auth);
  expect(response.status).toBe(404);
  expect(response.body.error.code).toBe('PROFILE_NOT_FOUND');
});

it('never echoes a 5000-character id, property name or path in full', async () => {
  const id = await request(app.callback).get(`/v1/business/profile/biz_${LONG}`).set(owner.auth);
  expect(id.status).toBe(400);
  const property = await request(app.callback).patch(`/v1/business/profile/${businessId}`).set(owner.auth).send({ [LONG]: 1 });
  expect(property.status).toBe(400);
  expect(property.body.error.details.issue).toBe('is not an allowed property');
  const route = await request(app.callback).get(`/v1/no/such/${LONG}`).set(owner.auth);
  expect(route.status).toBe(404);
  for (const response of [id, property, route]) expect(JSON.stringify(response.body.error).length).toBeLessThan(400);
});
