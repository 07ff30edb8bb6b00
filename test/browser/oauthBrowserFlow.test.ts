// The OAuth 2.0 flow the way an integrator runs it: a relying party built on
// `openid-client` (discovery, PKCE, code exchange, refresh, revocation), and Debian's Chromium
// driven by playwright-core filling our sign-in and consent pages. Everything on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { chromium, type Browser } from 'playwright-core';
import request from 'supertest';
import { createSqliteOAuthStorage } from '../../src/adapters/sqlite/oauth/sqliteOAuthStorage';
import { freePort } from '../harness/freePort';
import { signUp, type Actor } from '../http/actors';
import { registerClient, OAUTH_PASSWORD, type OAuthClient } from '../http/oauthTokens';
import { buildTestApp, type TestApp } from '../http/testApp';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let app: TestApp;
let api: Server;
let issuer: string;
let relyingParty: Server;
let callbackBase: string;
let browser: Browser;
let owner: Actor;
let client: OAuthClient;
/** What the relying party's /callback received, newest last. */
const callbacks: URL[] = [];

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  app = teardown.adopt(await buildTestApp({ oauth: { storage: createSqliteOAuthStorage({ file: ':memory:' }), issuer } }), (opened) => opened.close());
  api = createServer(app.callback);
  await listen(api, port);
  teardown.defer(() => new Promise<void>((resolve) => api.close(() => resolve())));

  relyingParty = createServer((req, res) => {
    const url = new URL(req.url ?? '/', callbackBase);
    if (url.pathname !== '/callback') return void res.writeHead(404).end(); // the browser's favicon request
    callbacks.push(url);
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('signed in');
  });
  callbackBase = `http://127.0.0.1:${await listen(relyingParty)}`;
  teardown.defer(() => new Promise<void>((resolve) => relyingParty.close(() => resolve())));

  owner = await signUp(app, 'rp-owner');
  client = await registerClient(app, owner, { name: 'Booking Helper', redirectUris: [`${callbackBase}/callback`], scopes: ['read:businesses', 'write:businesses'] });
  browser = teardown.adopt(await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }), (opened) => opened.close());
}, 60_000);

afterAll(() => teardown.disposeAsync());

it('signs in and consents in Chromium, exchanges the code with PKCE, calls the API, refreshes, and is refused after revocation', async () => {
  // The relying party: discovery from our metadata (http is allowed on loopback only here).
  const config = await oidc.discovery(new URL(issuer), client.clientId, client.clientSecret, undefined, { execute: [oidc.allowInsecureRequests] });
  expect(config.serverMetadata().issuer).toBe(issuer);

  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const authorizationUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${callbackBase}/callback`,
    scope: 'read:businesses',
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });

  const page = await browser.newPage();
  await page.goto(authorizationUrl.href);
  await page.fill('input[name="email"]', owner.email);
  await page.fill('input[name="password"]', OAUTH_PASSWORD);
  await page.click('button[type="submit"]');
  // The consent page names the app and the scope in plain words.
  await page.waitForSelector('text=Booking Helper');
  await page.click('button:has-text("Allow")');
  await page.waitForURL(`${callbackBase}/callback**`);
  await page.close();

  const callback = callbacks.at(-1) as URL;
  expect(callback.searchParams.get('state')).toBe(state);
  const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
  expect(tokens.scope).toBe('read:businesses');
  expect(tokens.refresh_token).toEqual(expect.any(String));

  const asBearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const listed = await request(app.callback).get('/v1/business/profile').set(asBearer(tokens.access_token));
  expect(listed.status).toBe(200);
  // The consent gave read:businesses only: a write is refused naming the scope.
  const write = await request(app.callback).post('/v1/business/profile').set(asBearer(tokens.access_token)).send({ name: 'Nope', category: 'cafes' });
  expect(write.status).toBe(403);
  expect(write.body.error.details.issue).toContain('write:businesses');

  const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token as string);
  expect(refreshed.access_token).not.toBe(tokens.access_token);
  expect((await request(app.callback).get('/v1/business/profile').set(asBearer(refreshed.access_token))).status).toBe(200);

  await oidc.tokenRevocation(config, refreshed.access_token);
  const revoked = await request(app.callback).get('/v1/business/profile').set(asBearer(refreshed.access_token));
  expect(revoked.status).toBe(401);
  expect(revoked.body.error.code).toBe('UNAUTHORIZED');
}, 60_000);

it('shows the error on the sign-in page for a wrong password, and stays there', async () => {
  const config = await oidc.discovery(new URL(issuer), client.clientId, client.clientSecret, undefined, { execute: [oidc.allowInsecureRequests] });
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${callbackBase}/callback`,
    scope: 'read:businesses',
    state: oidc.randomState(),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const before = callbacks.length;
  const page = await browser.newPage();
  await page.goto(url.href);
  await page.fill('input[name="email"]', owner.email);
  await page.fill('input[name="password"]', 'not the password');
  await page.click('button[type="submit"]');
  await page.waitForSelector('input[name="password"]');
  await page.waitForSelector('text=Wrong email or password.');
  await page.close();
  expect(callbacks.length).toBe(before);
}, 60_000);
