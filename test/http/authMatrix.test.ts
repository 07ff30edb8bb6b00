// Spec 5.5 / 5.6 on a protected, JWT-only route (GET /v1/auth/api-keys): every way a
// credential can be presented -> the status and code the caller gets.
import request from 'supertest';
import { signAccessToken } from '../../src/domain/accessToken';
import { randomBase62 } from '../../src/domain/ids';
import { apiKey, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

const ROUTE = '/v1/auth/api-keys';

let app: TestApp;
let owner: Actor;
let suspended: Actor;
let liveKey: string;
let testKey: string;
let revokedKey: string;

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'matrix');
  suspended = await signUp(app, 'suspended');
  await app.store.accounts.update(suspended.accountId, { suspended: true }, new Date().toISOString());
  liveKey = (await apiKey(app, owner, 'live')).key;
  testKey = (await apiKey(app, owner, 'test')).key;
  const revoked = await apiKey(app, owner, 'live');
  revokedKey = revoked.key;
  const revoke = await request(app.callback).delete(`${ROUTE}/${revoked.id}`).set(owner.auth);
  expect(revoke.status).toBe(200);
});
afterAll(() => app.close());

interface Case {
  label: string;
  header: () => string | undefined;
  status: number;
  /** null: success. */
  code: string | null;
  message?: string;
}

/** [label, header, status, code, message] rows, read as Cases; a table reads better than objects here. */
type Row = [label: string, header: () => string | undefined, status: number, code: string | null, message?: string];

const rows: Row[] = [
  ['no Authorization header', () => undefined, 401, 'UNAUTHORIZED', 'Missing bearer credential'],
  ['an empty Authorization header', () => '', 401, 'UNAUTHORIZED', 'Missing bearer credential'],
  ['a Basic credential', () => 'Basic dXNlcjpwYXNz', 401, 'UNAUTHORIZED', 'Missing bearer credential'],
  ['"Bearer" with no credential', () => 'Bearer', 401, 'UNAUTHORIZED', 'Missing bearer credential'],
  ['a bearer credential with a space in it', () => `Bearer ${owner.token} extra`, 401, 'UNAUTHORIZED', 'Missing bearer credential'],
  ['a credential without a scheme', () => owner.token, 401, 'UNAUTHORIZED', 'Missing bearer credential'],
  ['an unknown live key', () => `Bearer sk_live_${randomBase62(40)}`, 401, 'UNAUTHORIZED', 'Invalid API key'],
  ['an unknown test key', () => `Bearer sk_test_${randomBase62(40)}`, 401, 'UNAUTHORIZED', 'Invalid API key'],
  ['a key with an unknown prefix', () => `Bearer sk_prod_${randomBase62(40)}`, 401, 'UNAUTHORIZED', 'Invalid API key'],
  ['a revoked key', () => `Bearer ${revokedKey}`, 401, 'UNAUTHORIZED', 'API key has been revoked'],
  [
    'an expired JWT',
    () => `Bearer ${signAccessToken(app.jwtSecret, { sub: owner.accountId, scopes: ['read:businesses'], role: 'user' }, new Date(Date.now() - 2 * 3600_000)).token}`,
    401,
    'UNAUTHORIZED',
    'Access token expired',
  ],
  [
    'a JWT whose payload was tampered with',
    () => {
      const [header, , signature] = owner.token.split('.');
      const forged = b64({ sub: owner.accountId, role: 'admin', typ: 'access', exp: Math.floor(Date.now() / 1000) + 3600 });
      return `Bearer ${header}.${forged}.${signature}`;
    },
    401,
    'UNAUTHORIZED',
    'Invalid access token',
  ],
  [
    'an unsigned alg "none" JWT',
    () => {
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub: owner.accountId, scopes: ['read:businesses'], role: 'user', typ: 'access', jti: 'x', iat: now, exp: now + 3600, iss: 'business-discovery-api', aud: 'business-discovery-api' };
      return `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    },
    401,
    'UNAUTHORIZED',
    'Invalid access token',
  ],
  [
    'a JWT signed with another secret',
    () => `Bearer ${signAccessToken('some-other-secret-of-sufficient-length!!', { sub: owner.accountId, scopes: [], role: 'user' }, new Date()).token}`,
    401,
    'UNAUTHORIZED',
    'Invalid access token',
  ],
  [
    'a valid JWT for an account that does not exist',
    () => `Bearer ${signAccessToken(app.jwtSecret, { sub: 'acct_doesNotExist0000000', scopes: [], role: 'user' }, new Date()).token}`,
    401,
    'UNAUTHORIZED',
    'Invalid access token',
  ],
  ['a valid JWT', () => `Bearer ${owner.token}`, 200, null],
  ['a valid JWT with a lower-case scheme', () => `bearer ${owner.token}`, 200, null],
  ['a valid live API key on this JWT-only route', () => `Bearer ${liveKey}`, 403, 'FORBIDDEN', 'This endpoint requires a signed-in account (JWT)'],
  ['a valid test API key on this JWT-only route', () => `Bearer ${testKey}`, 403, 'FORBIDDEN', 'This endpoint requires a signed-in account (JWT)'],
  ['a valid JWT of a suspended account', () => `Bearer ${suspended.token}`, 403, 'FORBIDDEN', 'Account is suspended'],
];

const cases: Case[] = rows.map(([label, header, status, code, message]) => ({ label, header, status, code, message }));

describe(`GET ${ROUTE}`, () => {
  it.each(cases)('with $label -> $status $code', async ({ header, status, code, message }) => {
    const value = header();
    const call = request(app.callback).get(ROUTE);
    const response = value === undefined ? await call : await call.set('Authorization', value);
    expect(response.status).toBe(status);
    if (code === null) {
      expect(response.body.success).toBe(true);
      expect(Array.isArray(response.body.data.apiKeys)).toBe(true);
      return;
    }
    expect(response.body).toEqual({ success: false, error: { code, message }, meta: expect.any(Object) });
    if (status === 401) expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
  });
});
