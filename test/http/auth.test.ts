// Spec 4.1, 5: register, login, refresh, API keys, and what authenticate puts on the request.
import Koa from 'koa';
import request from 'supertest';
import { createMemoryAuthFailureLimiter } from '../../src/adapters/memory/memoryLimiters';
import { signAccessToken } from '../../src/domain/accessToken';
import type { Principal } from '../../src/domain/principal';
import { createAuthentication } from '../../src/core/authentication';
import { authenticateWith } from '../../src/http/authenticate';
import { errorHandler } from '../../src/http/errorHandler';
import { createLogger } from '../../src/logger';
import { apiKey, completeProfileBody, signUp } from './actors';
import { buildTestApp, type TestApp } from './testApp';

const PASSWORD = 'correct horse battery staple';
let app: TestApp;
let emailCounter = 0;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

function uniqueEmail(): string {
  emailCounter += 1;
  return `auth.${emailCounter}.${Date.now()}@example.com`;
}

function register(body: Record<string, unknown>) {
  return request(app.callback).post('/v1/auth/register').send(body);
}

function login(email: string, password = PASSWORD) {
  return request(app.callback).post('/v1/auth/login').send({ email, password });
}

function refresh(refreshToken: string) {
  return request(app.callback).post('/v1/auth/refresh').send({ refreshToken });
}

async function registeredAndSignedIn() {
  const email = uniqueEmail();
  const account = await register({ email, password: PASSWORD, name: 'Ada' });
  expect(account.status).toBe(201);
  const session = await login(email);
  expect(session.status).toBe(200);
  return { email, id: account.body.data.id as string, ...(session.body.data as { accessToken: string; refreshToken: string }) };
}

function expectValidationError(response: request.Response, field: string, issue?: string): void {
  expect(response.status).toBe(400);
  expect(response.body.success).toBe(false);
  expect(response.body.error.code).toBe('VALIDATION_ERROR');
  expect(response.body.error.details.field).toBe(field);
  if (issue) expect(response.body.error.details.issue).toBe(issue);
}

describe('POST /v1/auth/register', () => {
  it('creates the account and answers 201 with its public fields in the envelope', async () => {
    const email = uniqueEmail();
    const response = await register({ email: email.toUpperCase(), password: PASSWORD, name: 'Ada Lovelace' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(/^acct_/),
        email,
        name: 'Ada Lovelace',
        plan: 'free',
        role: 'user',
        createdAt: expect.any(String),
      },
      meta: { timestamp: expect.any(String), requestId: expect.any(String) },
    });
    expect(JSON.stringify(response.body)).not.toContain(PASSWORD);
  });

  it('refuses a self-chosen plan and creates nothing: plans are set by an administrator', async () => {
    const email = uniqueEmail();
    const response = await register({ email, password: PASSWORD, name: 'Ada', plan: 'enterprise' });
    expectValidationError(response, 'plan', 'is set by an administrator (PATCH /admin/accounts/{accountId}); new accounts start on the free plan');
    expect(await app.store.accounts.findByEmail(email)).toBeNull();
    // Even "free" is refused: the field is not the caller's to send, whatever its value.
    expectValidationError(await register({ email, password: PASSWORD, name: 'Ada', plan: 'free' }), 'plan');
  });

  it('answers 409 DUPLICATE_EMAIL for an email already registered, whatever its case', async () => {
    const email = uniqueEmail();
    expect((await register({ email, password: PASSWORD, name: 'First' })).status).toBe(201);
    const again = await register({ email: email.toUpperCase(), password: PASSWORD, name: 'Second' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('DUPLICATE_EMAIL');
    expect(again.body.error.details).toEqual({ field: 'email', issue: 'is already registered' });
  });

  it.each([
    ['a missing email', { password: PASSWORD, name: 'Ada' }, 'email', 'is required'],
    ['a malformed email', { email: 'not-an-email', password: PASSWORD, name: 'Ada' }, 'email', undefined],
    ['a password under 10 characters', { email: 'short@example.com', password: 'nine-char', name: 'Ada' }, 'password', undefined],
    ['a password of only spaces', { email: 'spaces@example.com', password: ' '.repeat(12), name: 'Ada' }, 'password', 'must contain characters other than spaces'],
    ['a missing name', { email: 'noname@example.com', password: PASSWORD }, 'name', 'is required'],
    ['a self-assigned role', { email: 'admin@example.com', password: PASSWORD, name: 'Ada', role: 'admin' }, 'role', 'is not an allowed property'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_label, body, field, issue) => {
    expectValidationError(await register(body), field, issue);
  });

  it('answers 400 when there is no body and 415 for a body that is not JSON', async () => {
    expectValidationError(await request(app.callback).post('/v1/auth/register'), 'body');
    const form = await request(app.callback).post('/v1/auth/register').type('form').send('email=a@example.com');
    expect(form.status).toBe(415);
  });
});

describe('auth body limit', () => {
  // Unauthenticated callers get a 16 KB cap (AUTH_BODY_LIMIT_BYTES), not the 1 MB one of profiles.
  it('answers 413 PAYLOAD_TOO_LARGE for a login body over 16 KB, before reading it as JSON', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(100), pad: 'a'.repeat(17 * 1024) });
    const response = await request(app.callback).post('/v1/auth/login').set('Content-Type', 'application/json').send(body);
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('still reads a body just under 16 KB (and names its unknown property)', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(100), pad: 'a'.repeat(15 * 1024) });
    const response = await request(app.callback).post('/v1/auth/login').set('Content-Type', 'application/json').send(body);
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({ field: 'pad', issue: 'is not an allowed property' });
  });
});

describe('POST /v1/auth/login', () => {
  it('returns a one-hour access token and a refresh token, not cacheable', async () => {
    const email = uniqueEmail();
    await register({ email, password: PASSWORD, name: 'Ada' });
    const response = await login(email.toUpperCase());
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.stringMatching(/^rt_[0-9A-Za-z]{43,}$/),
      expiresIn: 3600,
      tokenType: 'Bearer',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { email } = await registeredAndSignedIn();
    const wrong = await login(email, 'not the right password');
    const unknown = await login(uniqueEmail());
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
    }
  });

  it('answers 400 VALIDATION_ERROR without a password', async () => {
    const response = await request(app.callback).post('/v1/auth/login').send({ email: 'a@example.com' });
    expectValidationError(response, 'password', 'is required');
  });

  it('answers 403 FORBIDDEN for a suspended account', async () => {
    const { email, id } = await registeredAndSignedIn();
    await app.store.accounts.update(id, { suspended: true }, new Date().toISOString());
    const response = await login(email);
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('FORBIDDEN');
  });
});

describe('POST /v1/auth/refresh', () => {
  it('returns a new access token and a rotated refresh token that work', async () => {
    const session = await registeredAndSignedIn();
    const response = await refresh(session.refreshToken);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.data).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.stringMatching(/^rt_/),
      expiresIn: 3600,
      tokenType: 'Bearer',
    });
    expect(response.body.data.refreshToken).not.toBe(session.refreshToken);
    const withNewToken = await request(app.callback).get('/v1/auth/api-keys').set('Authorization', `Bearer ${response.body.data.accessToken}`);
    expect(withNewToken.status).toBe(200);
    expect((await refresh(response.body.data.refreshToken)).status).toBe(200);
  });

  it('on reuse of a used refresh token answers 401 and revokes the family, so the newer token fails too', async () => {
    const session = await registeredAndSignedIn();
    const rotated = await refresh(session.refreshToken);
    expect(rotated.status).toBe(200);
    const reuse = await refresh(session.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('UNAUTHORIZED');
    const newer = await refresh(rotated.body.data.refreshToken);
    expect(newer.status).toBe(401);
    expect(newer.body.error.code).toBe('UNAUTHORIZED');
  });

  it('answers 401 for an unknown refresh token and for an access token sent as one', async () => {
    const session = await registeredAndSignedIn();
    for (const token of [`rt_${'x'.repeat(43)}`, session.accessToken]) {
      const response = await refresh(token);
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 400 VALIDATION_ERROR without a refreshToken', async () => {
    expectValidationError(await request(app.callback).post('/v1/auth/refresh').send({}), 'refreshToken', 'is required');
  });
});

describe('API keys', () => {
  it('POST shows the full key once (201, no-store); GET lists it without the secret', async () => {
    const owner = await signUp(app, 'keys');
    const created = await request(app.callback)
      .post('/v1/auth/api-keys')
      .set(owner.auth)
      .send({ name: 'Production server', environment: 'live', scopes: ['read:businesses'] });
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const key = created.body.data.key as string;
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    expect(created.body.data).toEqual({
      key,
      id: expect.stringMatching(/^key_/),
      name: 'Production server',
      environment: 'live',
      scopes: ['read:businesses'],
      last4: key.slice(-4),
      prefix: 'sk_live_',
      createdAt: expect.any(String),
    });

    const listed = await request(app.callback).get('/v1/auth/api-keys').set(owner.auth);
    expect(listed.status).toBe(200);
    const { key: _shownOnce, ...publicFields } = created.body.data;
    expect(listed.body.data.apiKeys).toEqual([publicFields]);
    expect(JSON.stringify(listed.body)).not.toContain(key);
  });

  it('gives test keys the sk_test_ prefix and default scopes', async () => {
    const owner = await signUp(app, 'testkeys');
    const created = await request(app.callback).post('/v1/auth/api-keys').set(owner.auth).send({ name: 'Sandbox', environment: 'test' });
    expect(created.status).toBe(201);
    expect(created.body.data.key).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(created.body.data.scopes).toEqual(['read:businesses', 'write:businesses', 'read:bookings', 'write:bookings', 'read:analytics', 'read:reviews', 'write:reviews']);
  });

  it.each([
    ['an unknown environment', { name: 'k', environment: 'staging' }, 'environment'],
    ['a missing name', { environment: 'live' }, 'name'],
    ['an unknown scope', { name: 'k', environment: 'live', scopes: ['admin:all'] }, 'scopes.0'],
  ])('POST answers 400 VALIDATION_ERROR for %s', async (_label, body, field) => {
    const owner = await signUp(app, 'keyvalidation');
    expectValidationError(await request(app.callback).post('/v1/auth/api-keys').set(owner.auth).send(body), field);
  });

  it('cannot be created with an API key (403) or without a credential (401)', async () => {
    const owner = await signUp(app, 'keyguard');
    const existing = await apiKey(app, owner, 'live');
    const withKey = await request(app.callback).post('/v1/auth/api-keys').set(existing.auth).send({ name: 'k', environment: 'live' });
    expect(withKey.status).toBe(403);
    expect(withKey.body.error.code).toBe('FORBIDDEN');
    const anonymous = await request(app.callback).post('/v1/auth/api-keys').send({ name: 'k', environment: 'live' });
    expect(anonymous.status).toBe(401);
  });

  it('DELETE revokes the key; using it afterwards on a protected route is 401', async () => {
    const owner = await signUp(app, 'revoker');
    const key = await apiKey(app, owner, 'live');
    const before = await request(app.callback).post('/v1/business/profile').set(key.auth).send(completeProfileBody());
    expect(before.status).toBe(201);

    const revoked = await request(app.callback).delete(`/v1/auth/api-keys/${key.id}`).set(owner.auth);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ id: key.id, revoked: true, revokedAt: expect.any(String) });

    const after = await request(app.callback).get(`/v1/business/profile/${before.body.data.id}`).set(key.auth);
    expect(after.status).toBe(401);
    expect(after.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'API key has been revoked' });
    const listed = await request(app.callback).get('/v1/auth/api-keys').set(owner.auth);
    expect(listed.body.data.apiKeys[0].revokedAt).toBe(revoked.body.data.revokedAt);
  });

  it("DELETE answers 404 NOT_FOUND for an unknown key and for another account's key", async () => {
    const owner = await signUp(app, 'keyowner');
    const other = await signUp(app, 'otheraccount');
    const theirs = await apiKey(app, other, 'live');
    for (const keyId of ['key_doesNotExist00000000', theirs.id]) {
      const response = await request(app.callback).delete(`/v1/auth/api-keys/${keyId}`).set(owner.auth);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
    const stillWorks = await request(app.callback).post('/v1/business/profile').set(theirs.auth).send(completeProfileBody());
    expect(stillWorks.status).toBe(201);
  });

  it('records when a key was last used', async () => {
    const owner = await signUp(app, 'lastused');
    const key = await apiKey(app, owner, 'live');
    await request(app.callback).get('/v1/business/profile/biz_unknown000000000000').set(key.auth);
    const listed = await request(app.callback).get('/v1/auth/api-keys').set(owner.auth);
    expect(listed.body.data.apiKeys[0].lastUsedAt).toEqual(expect.any(String));
  });
});

describe('credentials on protected routes', () => {
  it('rejects an expired JWT with 401', async () => {
    const owner = await signUp(app, 'expired');
    const token = signAccessToken(app.jwtSecret, { sub: owner.accountId, scopes: ['read:businesses'], role: 'user' }, new Date(Date.now() - 3601_000)).token;
    const response = await request(app.callback).get('/v1/auth/api-keys').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(401);
    expect(response.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'Access token expired' });
  });

  it('rejects an unsigned alg "none" JWT with 401', async () => {
    const owner = await signUp(app, 'algnone');
    const now = Math.floor(Date.now() / 1000);
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { sub: owner.accountId, scopes: ['read:businesses'], role: 'admin', typ: 'access', jti: 'j', iat: now, exp: now + 3600, iss: 'business-discovery-api', aud: 'business-discovery-api' };
    const response = await request(app.callback)
      .get('/v1/auth/api-keys')
      .set('Authorization', `Bearer ${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHORIZED');
  });

  it('answers 403 for a suspended account, by JWT and by API key', async () => {
    const owner = await signUp(app, 'tobesuspended');
    const key = await apiKey(app, owner, 'live');
    await app.store.accounts.update(owner.accountId, { suspended: true }, new Date().toISOString());
    const byJwt = await request(app.callback).get('/v1/auth/api-keys').set(owner.auth);
    const byKey = await request(app.callback).post('/v1/business/profile').set(key.auth).send(completeProfileBody());
    for (const response of [byJwt, byKey]) {
      expect(response.status).toBe(403);
      expect(response.body.error).toEqual({ code: 'FORBIDDEN', message: 'Account is suspended' });
    }
  });

  it('answers 403 when an API key lacks the scope the route needs', async () => {
    const owner = await signUp(app, 'readonly');
    const key = await apiKey(app, owner, 'live', ['read:businesses']);
    const response = await request(app.callback).post('/v1/business/profile').set(key.auth).send(completeProfileBody());
    expect(response.status).toBe(403);
    expect(response.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'This credential lacks the write:businesses scope this endpoint requires',
      details: { field: 'scope', issue: 'requires the write:businesses scope', requiredScope: 'write:businesses' },
    });
    expect(response.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="write:businesses"');
  });

  it('puts data written with an sk_test_ key in the test partition, out of sight of live credentials', async () => {
    const owner = await signUp(app, 'sandbox');
    const testKey = await apiKey(app, owner, 'test');
    const created = await request(app.callback).post('/v1/business/profile').set(testKey.auth).send(completeProfileBody());
    expect(created.status).toBe(201);
    const path = `/v1/business/profile/${created.body.data.id}`;
    expect((await request(app.callback).get(path).set(testKey.auth)).status).toBe(200);
    const live = await request(app.callback).get(path).set(owner.auth);
    expect(live.status).toBe(404);
    expect(live.body.error.code).toBe('PROFILE_NOT_FOUND');
  });
});

describe('the principal authenticate establishes', () => {
  // A bare app with only authenticate in front, over the same store, so the principal itself can be read.
  let now: Date;
  let probe: ReturnType<Koa['callback']>;

  beforeAll(() => {
    now = new Date();
    const koa = new Koa();
    koa.use(errorHandler(createLogger('silent')));
    koa.use(authenticateWith(createAuthentication({ store: app.store, jwtSecret: app.jwtSecret, clock: () => now, failures: createMemoryAuthFailureLimiter() })));
    koa.use((ctx) => {
      ctx.body = ctx.state.principal as Principal;
    });
    probe = koa.callback();
  });

  it('is the test environment with the key scopes for an sk_test_ key', async () => {
    const owner = await signUp(app, 'principal');
    const key = await apiKey(app, owner, 'test', ['read:businesses', 'read:analytics']);
    const response = await request(probe).get('/').set(key.auth);
    expect(response.body).toEqual({
      accountId: owner.accountId,
      environment: 'test',
      scopes: ['read:businesses', 'read:analytics'],
      via: 'api_key',
      keyId: key.id,
      role: 'user',
      plan: 'free',
    });
  });

  it('is the live environment for an sk_live_ key', async () => {
    const owner = await signUp(app, 'principal');
    const key = await apiKey(app, owner, 'live');
    expect((await request(probe).get('/').set(key.auth)).body).toMatchObject({ environment: 'live', via: 'api_key' });
  });

  it('is the live environment with every scope, and the current plan, for a JWT', async () => {
    const owner = await signUp(app, 'principal', 'enterprise');
    const response = await request(probe).get('/').set(owner.auth);
    expect(response.body).toEqual({
      accountId: owner.accountId,
      environment: 'live',
      scopes: ['read:businesses', 'write:businesses', 'read:bookings', 'write:bookings', 'read:analytics', 'read:reviews', 'write:reviews'],
      via: 'jwt',
      role: 'user',
      plan: 'enterprise',
    });
  });

  it('records key use at most once a minute', async () => {
    const owner = await signUp(app, 'touch');
    const key = await apiKey(app, owner, 'live');
    const lastUsed = async () => (await app.store.apiKeys.listByAccount(owner.accountId))[0].lastUsedAt;
    const start = now;
    await request(probe).get('/').set(key.auth);
    expect(await lastUsed()).toBe(start.toISOString());
    now = new Date(start.getTime() + 30_000);
    await request(probe).get('/').set(key.auth);
    expect(await lastUsed()).toBe(start.toISOString());
    now = new Date(start.getTime() + 61_000);
    await request(probe).get('/').set(key.auth);
    expect(await lastUsed()).toBe(now.toISOString());
  });
});
