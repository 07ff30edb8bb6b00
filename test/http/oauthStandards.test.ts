// The OAuth server against the RFCs, driven by a relying-party library nobody here wrote
// (openid-client) where it has the call, by plain HTTP where the deviation is in what a library
// never sends (issue 30): introspection only for the token's own client or the operator's resource
// server (RFC 7662 section 4), metadata that advertises exactly what works (RFC 8414), a missing
// or unknown scope (RFC 6749 section 3.3), the protected-resource metadata the 401 names (RFC 9728),
// redirect_uri at the token endpoint (RFC 6749 section 4.1.3), and requests without client
// authentication (RFC 6749 section 5.2).
import { createServer, type Server } from 'node:http';
import * as oidc from 'openid-client';
import { createSqliteOAuthStorage } from '../../src/adapters/sqlite/oauth/sqliteOAuthStorage';
import { freePort } from '../harness/freePort';
import { signUp, type Actor } from './actors';
import { oauthToken, registerClient, type OAuthClient } from './oauthTokens';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let api: Server;
let issuer: string;
let owner: Actor;
let stranger: Actor;
/** Registered by the operator's account and named in OAUTH_INTROSPECTION_CLIENT_IDS. */
let resourceServer: OAuthClient;

const storage = createSqliteOAuthStorage({ file: ':memory:' });

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  // The operator registers the resource server's client, then names it in the configuration of the
  // app that serves (both apps over the same OAuth storage).
  const setup = await buildTestApp({ oauth: { storage, issuer } });
  resourceServer = await registerClient(setup, await signUp(setup, 'rs-operator'), { name: 'Partner gateway' });
  await setup.close();
  app = await buildTestApp({ oauth: { storage, issuer, introspectionClientIds: [resourceServer.clientId] } });
  api = createServer(app.callback);
  await new Promise<void>((resolve) => api.listen(port, '127.0.0.1', resolve));
  owner = await signUp(app, 'rfc-owner');
  stranger = await signUp(app, 'rfc-stranger');
});
afterAll(async () => {
  await new Promise((resolve) => api?.close(resolve));
  await app?.close();
  await storage.close();
});

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
