// The OAuth 2.0 server end to end over HTTP (no browser): registration, authorize with sign-in
// and consent, code exchange with PKCE, the API with the token, refresh, revocation, and the
// negative cases of issue 20.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { buildOpenApiDocument } from '../../src/openapi/openApiDocument';
import { signUp, type Actor } from './actors';
import { authorize, basicAuth, CookieJar, csrfOf, oauthToken, pkcePair, registerClient, tokenRequest, REDIRECT_URI, type OAuthClient } from './oauthTokens';
import { buildTestApp, type TestApp } from './testApp';

// Answers must match the OpenAPI document's own schemas for them.
const documented = (buildOpenApiDocument().components as { schemas: Record<string, object> }).schemas;
function expectDocumented(name: string, data: unknown): void {
  const validate = new Ajv({ strict: false, allErrors: true });
  addFormats(validate);
  const check = validate.compile({ ...documented[name] });
  expect({ valid: check(data), errors: check.errors ?? null }).toEqual({ valid: true, errors: null });
}

let app: TestApp;
let owner: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'oauth-owner');
});
afterAll(() => app.close());

function authorizeQuery(client: OAuthClient, challenge: string, overrides: Record<string, string> = {}) {
  return { client_id: client.clientId, redirect_uri: client.redirectUri, response_type: 'code', scope: 'read:businesses', state: 'xyz-123', code_challenge: challenge, code_challenge_method: 'S256', ...overrides };
}

describe('authorization code flow', () => {
  test('code -> token -> API -> refresh -> revoke -> 401', async () => {
    const tokens = await oauthToken(app, owner, ['read:businesses', 'write:businesses']);
    expect(tokens.scope.split(' ').sort()).toEqual(['read:businesses', 'write:businesses']);
    expect(tokens.expiresIn).toBe(3600);
    expect(tokens.refreshToken).toEqual(expect.any(String));

    const listed = await request(app.callback).get('/v1/business/profile').set(tokens.auth);
    expect(listed.status).toBe(200);

    const refreshed = await tokenRequest(app, tokens.client, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken as string });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refreshToken); // rotated
    // The old refresh token is spent.
    const reused = await tokenRequest(app, tokens.client, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken as string });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');

    const fresh = { Authorization: `Bearer ${refreshed.body.access_token}` };
    const revoke = await request(app.callback).post('/v1/oauth/revoke').set('Authorization', basicAuth(tokens.client)).type('form').send({ token: refreshed.body.access_token, token_type_hint: 'access_token' });
    expect(revoke.status).toBe(200);
    const after = await request(app.callback).get('/v1/business/profile').set(fresh);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHORIZED');
    expect(after.headers['www-authenticate']).toContain('invalid_token');
  });

  test('state round-trips and the redirect carries the issuer (RFC 9207)', async () => {
    const client = await registerClient(app, owner);
    const { challenge } = pkcePair();
    const callback = await authorize(app, owner, authorizeQuery(client, challenge, { state: 'a b&c' }));
    expect(callback.searchParams.get('state')).toBe('a b&c');
    expect(callback.searchParams.get('iss')).toBe('http://localhost:8080');
    expect(callback.searchParams.get('code')).toEqual(expect.any(String));
  });

  test('Deny sends access_denied to the app', async () => {
    const client = await registerClient(app, owner);
    const { challenge } = pkcePair();
    const callback = await authorize(app, owner, authorizeQuery(client, challenge), { decision: 'deny' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });
});

describe('negative cases', () => {
  test('an unregistered redirect URI gets an error page, never a redirect', async () => {
    const client = await registerClient(app, owner);
    const { challenge } = pkcePair();
    const response = await request(app.callback).get(`/oauth/authorize?${new URLSearchParams(authorizeQuery(client, challenge, { redirect_uri: 'https://evil.example/cb' }))}`);
    expect(response.status).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.text).toContain('redirect_uri');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  test('an unknown client gets an error page, never a redirect', async () => {
    const { challenge } = pkcePair();
    const response = await request(app.callback).get(`/oauth/authorize?${new URLSearchParams({ client_id: 'client_nope', redirect_uri: REDIRECT_URI, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' })}`);
    expect(response.status).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.text).toContain('invalid_client');
  });

  test('wrong or missing PKCE verifier, and a replayed code revokes what it issued', async () => {
    const client = await registerClient(app, owner);
    const { verifier, challenge } = pkcePair();
    const code = (await authorize(app, owner, authorizeQuery(client, challenge))).searchParams.get('code') as string;
    const base = { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri };
    const missing = await tokenRequest(app, client, base);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_grant');

    const code2 = (await authorize(app, owner, authorizeQuery(client, challenge))).searchParams.get('code') as string;
    const wrong = await tokenRequest(app, client, { ...base, code: code2, code_verifier: pkcePair().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');

    const code3 = (await authorize(app, owner, authorizeQuery(client, challenge))).searchParams.get('code') as string;
    const first = await tokenRequest(app, client, { ...base, code: code3, code_verifier: verifier });
    expect(first.status).toBe(200);
    expect((await request(app.callback).get('/v1/business/profile').set('Authorization', `Bearer ${first.body.access_token}`)).status).toBe(200);
    const replay = await tokenRequest(app, client, { ...base, code: code3, code_verifier: verifier });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ error: 'invalid_grant', error_description: 'grant request is invalid' });
    // The replay revoked the token the code had issued.
    expect((await request(app.callback).get('/v1/business/profile').set('Authorization', `Bearer ${first.body.access_token}`)).status).toBe(401);
  });

  test('a code bound to another redirect URI is refused', async () => {
    const client = await registerClient(app, owner, { redirectUris: [REDIRECT_URI, 'http://localhost:8765/other'] });
    const { verifier, challenge } = pkcePair();
    const code = (await authorize(app, owner, authorizeQuery(client, challenge))).searchParams.get('code') as string;
    const response = await tokenRequest(app, client, { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:8765/other', code_verifier: verifier });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_grant');
  });

  test('an expired code is refused', async () => {
    const client = await registerClient(app, owner);
    const { verifier, challenge } = pkcePair();
    const code = (await authorize(app, owner, authorizeQuery(client, challenge))).searchParams.get('code') as string;
    // Age the stored code past its 10 minutes (the storage keeps the provider's own payload).
    const jti = code; // opaque codes are stored under their value
    const stored = await app.oauthStorage.find('AuthorizationCode', jti);
    expect(stored).toBeDefined();
    const payload: Record<string, unknown> = { ...stored, iat: 1_000_000, exp: 1_000_600 };
    await app.oauthStorage.upsert('AuthorizationCode', jti, payload, { grantId: payload.grantId as string, clientId: client.clientId }, new Date(Date.now() + 60_000));
    const response = await tokenRequest(app, client, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, code_verifier: verifier });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_grant');
  });

  test('a refresh cannot widen the consented scopes', async () => {
    const tokens = await oauthToken(app, owner, ['read:businesses']);
    const response = await tokenRequest(app, tokens.client, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken as string, scope: 'read:businesses write:businesses' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_scope');
  });

  test('a public client must use PKCE', async () => {
    const client = await registerClient(app, owner, { type: 'public' });
    expect(client.clientSecret).toBeUndefined();
    const response = await request(app.callback).get(`/oauth/authorize?${new URLSearchParams({ client_id: client.clientId, redirect_uri: client.redirectUri, response_type: 'code', scope: 'read:businesses', state: 's1' })}`);
    // The redirect URI is valid, so the error goes back to the app (RFC 6749 4.1.2.1).
    expect(response.status).toBe(303);
    const location = new URL(response.headers.location);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('s1');
    // With PKCE the same public client succeeds.
    const tokens = await oauthToken(app, owner, ['read:businesses'], { client });
    expect(tokens.accessToken).toEqual(expect.any(String));
  });

  test('the sign-in form refuses a forged CSRF field, and a wrong password stays on the page', async () => {
    const client = await registerClient(app, owner);
    const { challenge } = pkcePair();
    const jar = new CookieJar();
    let response = await request(app.callback).get(`/oauth/authorize?${new URLSearchParams(authorizeQuery(client, challenge))}`);
    jar.take(response.headers['set-cookie']);
    const interaction = new URL(response.headers.location, 'http://x').pathname;
    response = await request(app.callback).get(interaction).set('Cookie', jar.header());
    jar.take(response.headers['set-cookie']);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const forged = await request(app.callback).post(`${interaction}/login`).set('Cookie', jar.header()).type('form').send({ email: owner.email, password: 'correct horse battery staple', csrf: 'x'.repeat(43) });
    expect(forged.status).toBe(403);
    expect(forged.headers.location).toBeUndefined();
    const real = await request(app.callback).post(`${interaction}/login`).set('Cookie', jar.header()).type('form').send({ email: owner.email, password: 'wrong password!!', csrf: csrfOf(response.text) });
    expect(real.status).toBe(401);
    expect(real.text).toContain('Wrong email or password');
  });

  test('the consent form refuses a forged CSRF field and a post without the CSRF cookie (no redirect to the app)', async () => {
    const client = await registerClient(app, owner);
    const { challenge } = pkcePair();
    const jar = new CookieJar();
    let next = `/oauth/authorize?${new URLSearchParams(authorizeQuery(client, challenge))}`;
    let consent: { path: string; csrf: string } | undefined;
    for (let step = 0; step < 8 && !consent; step += 1) {
      const response = await request(app.callback).get(next).set('Cookie', jar.header());
      jar.take(response.headers['set-cookie']);
      if (response.status === 302 || response.status === 303) {
        next = new URL(response.headers.location, 'http://x').pathname + new URL(response.headers.location, 'http://x').search;
        continue;
      }
      const action = (/<form method="post" action="([^"]+)"/.exec(response.text) as RegExpExecArray)[1].replace(/&amp;/g, '&');
      if (response.text.includes('name="password"')) {
        const signedIn = await request(app.callback).post(action).set('Cookie', jar.header()).type('form').send({ email: owner.email, password: 'correct horse battery staple', csrf: csrfOf(response.text) });
        jar.take(signedIn.headers['set-cookie']);
        expect(signedIn.status).toBe(303);
        next = new URL(signedIn.headers.location, 'http://x').pathname;
      } else {
        expect(response.text).toContain('Allow');
        consent = { path: action, csrf: csrfOf(response.text) };
      }
    }
    if (!consent) throw new Error('the consent page was never shown');
    const forged = await request(app.callback).post(consent.path).set('Cookie', jar.header()).type('form').send({ decision: 'allow', csrf: 'x'.repeat(43) });
    expect(forged.status).toBe(403);
    expect(forged.headers.location).toBeUndefined();
    // A cross-site post carries the field an attacker copied but not the victim's CSRF cookie.
    const withoutCookie = jar.header().split('; ').filter((cookie) => !cookie.startsWith('oauth_csrf=')).join('; ');
    const crossSite = await request(app.callback).post(consent.path).set('Cookie', withoutCookie).type('form').send({ decision: 'allow', csrf: consent.csrf });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.location).toBeUndefined();
    const allowed = await request(app.callback).post(consent.path).set('Cookie', jar.header()).type('form').send({ decision: 'allow', csrf: consent.csrf });
    expect(allowed.status).toBe(303);
  });

  test("another account's client is not found, and its tokens do not reach the owner's data", async () => {
    const other = await signUp(app, 'oauth-other');
    const client = await registerClient(app, owner);
    expect((await request(app.callback).get(`/v1/oauth/clients/${client.clientId}`).set(other.auth)).status).toBe(404);
    expect((await request(app.callback).delete(`/v1/oauth/clients/${client.clientId}`).set(other.auth)).status).toBe(404);
    // The other account authorising the owner's app gets a token for its own account only.
    const tokens = await oauthToken(app, owner, ['read:businesses'], { client, user: other });
    const listed = await request(app.callback).get('/v1/business/profile').set(tokens.auth);
    expect(listed.status).toBe(200);
  });

  test('an OAuth token cannot manage OAuth clients or API keys (signed-in only)', async () => {
    const tokens = await oauthToken(app, owner, ['read:businesses']);
    expect((await request(app.callback).get('/v1/oauth/clients').set(tokens.auth)).status).toBe(403);
    expect((await request(app.callback).get('/v1/auth/api-keys').set(tokens.auth)).status).toBe(403);
  });
});

describe('clients and authorisations', () => {
  test('register, list, rotate the secret, see and revoke an authorisation, delete', async () => {
    const user = await signUp(app, 'oauth-clients');
    const bad = await request(app.callback).post('/v1/oauth/clients').set(user.auth).send({ name: 'x', type: 'confidential', redirectUris: ['http://app.example/cb'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual({ field: 'redirectUris[0]', issue: 'must use https (http only for localhost and 127.0.0.1)' });

    const client = await registerClient(app, user, { platform: 'claude', scopes: ['read:businesses'] });
    expect(client.clientSecret).toMatch(/^cs_[0-9A-Za-z]{43}$/);
    const stored = await app.oauthStorage.find('Client', client.clientId);
    expect(JSON.stringify(stored)).not.toContain(client.clientSecret as string);

    const listed = await request(app.callback).get('/v1/oauth/clients').set(user.auth);
    expectDocumented('OAuthClientList', listed.body.data);
    expect(listed.body.data).toEqual([expect.objectContaining({ clientId: client.clientId, name: 'Test App', type: 'confidential', platform: 'claude', scopes: ['read:businesses'] })]);

    const tokens = await oauthToken(app, user, ['read:businesses'], { client });
    const rotated = await request(app.callback).post(`/v1/oauth/clients/${client.clientId}/rotate-secret`).set(user.auth);
    expect(rotated.status).toBe(200);
    expectDocumented('OAuthClientWithSecret', rotated.body.data);
    const oldSecret = await tokenRequest(app, client, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken as string });
    expect(oldSecret.status).toBe(401);
    expect(oldSecret.body.error).toBe('invalid_client');

    const authorizations = await request(app.callback).get('/v1/oauth/authorizations').set(user.auth);
    expectDocumented('OAuthAuthorizationList', authorizations.body.data);
    expect(authorizations.body.data).toEqual([expect.objectContaining({ clientId: client.clientId, name: 'Test App', platform: 'claude', scopes: ['read:businesses'] })]);
    expect((await request(app.callback).delete(`/v1/oauth/authorizations/${client.clientId}`).set(user.auth)).status).toBe(204);
    expect((await request(app.callback).get('/v1/business/profile').set(tokens.auth)).status).toBe(401);
    expect((await request(app.callback).get('/v1/oauth/authorizations').set(user.auth)).body.data).toEqual([]);

    const again = await oauthToken(app, user, ['read:businesses'], { client: { ...client, clientSecret: rotated.body.data.clientSecret } });
    expect((await request(app.callback).delete(`/v1/oauth/clients/${client.clientId}`).set(user.auth)).status).toBe(204);
    expect((await request(app.callback).get('/v1/business/profile').set(again.auth)).status).toBe(401);
    expect((await request(app.callback).get(`/v1/oauth/clients/${client.clientId}`).set(user.auth)).status).toBe(404);
  });

  test('a registration is never replayed from an Idempotency-Key: the secret is not kept to send twice', async () => {
    const user = await signUp(app, 'oauth-retry');
    const body = { name: 'Retry App', type: 'confidential', redirectUris: ['https://retry.example/cb'] };
    const first = await request(app.callback).post('/v1/oauth/clients').set(user.auth).set('Idempotency-Key', 'register-once').send(body);
    const retry = await request(app.callback).post('/v1/oauth/clients').set(user.auth).set('Idempotency-Key', 'register-once').send(body);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.body.data.clientId).not.toBe(first.body.data.clientId);
    const listed = await request(app.callback).get('/v1/oauth/clients').set(user.auth);
    expect(listed.body.data.map((client: { clientId: string }) => client.clientId).sort()).toEqual([first.body.data.clientId, retry.body.data.clientId].sort());
  });

  test('metadata: RFC 8414 and RFC 9728 documents', async () => {
    const as = await request(app.callback).get('/.well-known/oauth-authorization-server');
    expect(as.status).toBe(200);
    expect(as.body).toEqual(expect.objectContaining({
      issuer: 'http://localhost:8080',
      // Endpoint URLs follow the request's origin (the provider's own rule), their paths are fixed.
      authorization_endpoint: expect.stringMatching(/\/oauth\/authorize$/),
      token_endpoint: expect.stringMatching(/\/v1\/oauth\/token$/),
      revocation_endpoint: expect.stringMatching(/\/v1\/oauth\/revoke$/),
      code_challenge_methods_supported: ['S256'],
    }));
    const pr = await request(app.callback).get('/.well-known/oauth-protected-resource/v1');
    expect(pr.body).toEqual(expect.objectContaining({ resource: 'http://localhost:8080/v1', authorization_servers: ['http://localhost:8080'] }));
    // RFC 9728 3.3: a document at the bare path would have to name the origin itself, which is not a resource here.
    const bare = await request(app.callback).get('/.well-known/oauth-protected-resource');
    expect(bare.status).toBe(404);
  });
});
