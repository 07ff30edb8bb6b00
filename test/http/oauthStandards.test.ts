// The OAuth server against the RFCs, driven by a relying-party library nobody here wrote
// (openid-client) where it has the call, by plain HTTP where the deviation is in what a library
// never sends: introspection only for the token's own client or the operator's resource
// server (RFC 7662 section 4), metadata that advertises exactly what works (RFC 8414), a missing
// or unknown scope (RFC 6749 section 3.3), the protected-resource metadata the 401 names (RFC 9728),
// redirect_uri at the token endpoint (RFC 6749 section 4.1.3), and requests without client
// authentication (RFC 6749 section 5.2).
import { createServer, type Server } from 'node:http';
import * as oidc from 'openid-client';
import request from 'supertest';
import { createSqliteOAuthStorage } from '../../src/adapters/sqlite/oauth/sqliteOAuthStorage';
import { freePort } from '../harness/freePort';
import { signUp, type Actor } from './actors';
import { authorize, basicAuth, oauthToken, pkcePair, registerClient, tokenRequest, type OAuthClient } from './oauthTokens';
import { buildTestApp, type TestApp } from './testApp';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let app: TestApp;
let api: Server;
let issuer: string;
let owner: Actor;
let stranger: Actor;
/** Registered by the operator's account and named in OAUTH_INTROSPECTION_CLIENT_IDS. */
let resourceServer: OAuthClient;

const storage = createSqliteOAuthStorage({ file: ':memory:' });

beforeAll(async () => {
  teardown.defer(() => storage.close());
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  // The operator registers the resource server's client, then names it in the configuration of the
  // app that serves (both apps over the same OAuth storage).
  const setup = await buildTestApp({ oauth: { storage, issuer } });
  resourceServer = await registerClient(setup, await signUp(setup, 'rs-operator'), { name: 'Partner gateway' });
  await setup.close();
  app = teardown.adopt(await buildTestApp({ oauth: { storage, issuer, introspectionClientIds: [resourceServer.clientId] } }), (opened) => opened.close());
  api = createServer(app.callback);
  await new Promise<void>((resolve) => api.listen(port, '127.0.0.1', resolve));
  teardown.defer(() => new Promise<void>((resolve) => api.close(() => resolve())));
  owner = await signUp(app, 'rfc-owner');
  stranger = await signUp(app, 'rfc-stranger');
});
afterAll(() => teardown.disposeAsync());

/** openid-client configured from our metadata for one client (http allowed: loopback only). */
function relyingParty(client: OAuthClient): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(issuer), client.clientId, client.clientSecret, undefined, { execute: [oidc.allowInsecureRequests] });
}

describe('introspection (RFC 7662 section 4)', () => {
  it('another account\'s client learns nothing: active false for the access and the refresh token', async () => {
    const tokens = await oauthToken(app, owner, ['read:businesses']);
    const unrelated = await relyingParty(await registerClient(app, stranger, { name: 'Unrelated app' }));
    expect(await oidc.tokenIntrospection(unrelated, tokens.accessToken)).toEqual({ active: false });
    expect(await oidc.tokenIntrospection(unrelated, tokens.refreshToken as string)).toEqual({ active: false });
  });

  it('the token\'s own client sees it active with its scope and subject', async () => {
    const tokens = await oauthToken(app, owner, ['read:businesses']);
    const own = await relyingParty(tokens.client);
    expect(await oidc.tokenIntrospection(own, tokens.accessToken)).toMatchObject({ active: true, client_id: tokens.client.clientId, sub: owner.accountId, scope: 'read:businesses' });
  });

  it('the resource server the operator configured sees any token', async () => {
    const tokens = await oauthToken(app, owner, ['read:businesses']);
    const gateway = await relyingParty(resourceServer);
    expect(await oidc.tokenIntrospection(gateway, tokens.accessToken)).toMatchObject({ active: true, client_id: tokens.client.clientId, sub: owner.accountId });
  });
});

describe('metadata advertises exactly what works (RFC 8414)', () => {
  it('the API scopes, the code flow only, and the client authentication registered clients use', async () => {
    const metadata = (await relyingParty(await registerClient(app, owner))).serverMetadata();
    expect(metadata.scopes_supported).toEqual([
      'read:businesses', 'write:businesses', 'read:bookings', 'write:bookings', 'read:analytics', 'read:reviews', 'write:reviews', 'openid', 'offline_access',
    ]);
    expect(metadata.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(metadata.revocation_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(metadata.introspection_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    // The OpenID document says the same.
    const openid = await request(app.callback).get('/.well-known/openid-configuration');
    expect(openid.body).toMatchObject({ scopes_supported: metadata.scopes_supported, response_types_supported: ['code'], grant_types_supported: ['authorization_code', 'refresh_token'] });
  });
});

describe('scope (RFC 6749 section 3.3)', () => {
  const authorizeUrl = (client: OAuthClient, scope: string | undefined) =>
    `/oauth/authorize?${new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      response_type: 'code',
      state: 'st',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      ...(scope !== undefined && { scope }),
    })}`;

  it.each([['admin'], ['read:businesses admin']])('an unknown scope (%s) is invalid_scope at the app, before any sign-in', async (scope) => {
    const client = await registerClient(app, owner);
    const response = await request(app.callback).get(authorizeUrl(client, scope));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.location);
    expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_scope');
    expect(location.searchParams.get('state')).toBe('st');
  });

  it.each([
    ['no scope parameter', undefined, ['read:analytics', 'read:businesses']],
    ['an empty scope', '', ['read:analytics', 'read:businesses']],
    ['only openid', 'openid', ['read:analytics', 'read:businesses']],
  ])('%s: the app gets the scopes it registered, once the user consents', async (_label, scope, granted) => {
    const client = await registerClient(app, owner, { scopes: ['read:businesses', 'read:analytics'] });
    const { verifier, challenge } = pkcePair();
    const query: Record<string, string> = { client_id: client.clientId, redirect_uri: client.redirectUri, response_type: 'code', state: 'st', code_challenge: challenge, code_challenge_method: 'S256' };
    if (scope !== undefined) query.scope = scope;
    const callback = await authorize(app, owner, query);
    expect(callback.searchParams.get('error')).toBeNull();
    const token = await tokenRequest(app, client, { grant_type: 'authorization_code', code: callback.searchParams.get('code') as string, redirect_uri: client.redirectUri, code_verifier: verifier });
    expect(token.status).toBe(200);
    // The access token's scope; openid is answered with an ID token beside it.
    expect(token.body.scope.split(' ').sort()).toEqual(granted);
    expect(typeof token.body.id_token).toBe(scope === 'openid' ? 'string' : 'undefined');
  });
});

describe('protected resource metadata (RFC 9728)', () => {
  it('the 401 names the document of the resource its tokens are for, and that document names the same resource', async () => {
    const challenge = (await request(app.callback).get('/v1/business/profile')).headers['www-authenticate'];
    const url = /resource_metadata="([^"]+)"/.exec(challenge)![1];
    // Section 3.1: the well-known segment goes between the host and the resource's path.
    expect(url).toBe(`${issuer}/.well-known/oauth-protected-resource/v1`);
    const metadata = await (await fetch(url)).json();
    // Section 3.3: the resource named is the one the URL was built from.
    expect(metadata.resource).toBe(`${issuer}/v1`);
    expect(metadata.authorization_servers).toEqual([issuer]);
  });
});

describe('the token endpoint', () => {
  it('refuses a code exchange without the redirect_uri the authorization request carried (RFC 6749 section 4.1.3)', async () => {
    const client = await registerClient(app, owner);
    const { verifier, challenge } = pkcePair();
    const callback = await authorize(app, owner, { client_id: client.clientId, redirect_uri: client.redirectUri, response_type: 'code', scope: 'read:businesses', state: 's', code_challenge: challenge, code_challenge_method: 'S256' });
    const response = await tokenRequest(app, client, { grant_type: 'authorization_code', code: callback.searchParams.get('code') as string, code_verifier: verifier });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_request', error_description: "missing required parameter 'redirect_uri'" });
  });

  it('an authorization request without redirect_uri gets an error page, never a redirect', async () => {
    const client = await registerClient(app, owner);
    const response = await request(app.callback).get(`/oauth/authorize?${new URLSearchParams({ client_id: client.clientId, response_type: 'code', scope: 'read:businesses', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })}`);
    expect(response.status).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.text).toContain('redirect_uri');
  });
});

describe('no client authentication is invalid_client, 401 (RFC 6749 section 5.2)', () => {
  it.each([['/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: 'x'.repeat(43) }], ['/v1/oauth/revoke', { token: 'x'.repeat(43) }], ['/v1/oauth/introspect', { token: 'x'.repeat(43) }]])(
    '%s',
    async (path, form) => {
      const response = await request(app.callback).post(path).type('form').send(form);
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('invalid_client');
      expect(response.headers['www-authenticate']).toBe(`Basic realm="${issuer}"`);
    },
  );

  it('a wrong secret stays invalid_client, 401', async () => {
    const client = await registerClient(app, owner);
    const response = await request(app.callback).post('/v1/oauth/revoke').set('Authorization', basicAuth({ ...client, clientSecret: 'cs_wrong' })).type('form').send({ token: 'x'.repeat(43) });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('invalid_client');
  });
});
