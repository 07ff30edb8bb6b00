// Failed authentication is slowed down per account and per client address (login,
// refresh, API keys, access tokens): 429 RATE_LIMITED with Retry-After; a successful login clears
// the account's count. The production limits (10 per account, 50 per address, per 15 minutes)
// are used as they are.
import request from 'supertest';
import { signUp, type Actor } from './actors';
import { CookieJar, csrfOf, pkcePair, registerClient } from './oauthTokens';
import { buildTestApp, type TestApp } from './testApp';

const PASSWORD = 'correct horse battery staple';
let app: TestApp;

beforeEach(async () => {
  // Each test gets its own app, so its own in-memory counts.
  app = await buildTestApp();
});
afterEach(() => app.close());

const login = (email: string, password: string) => request(app.callback).post('/v1/auth/login').send({ email, password });

it('refuses the 11th login of an account after 10 wrong passwords, even with the right one, with Retry-After', async () => {
  const owner: Actor = await signUp(app, 'guessed');
  for (let i = 0; i < 10; i += 1) expect((await login(owner.email, `wrong password ${i}`)).status).toBe(401);
  const refused = await login(owner.email, PASSWORD);
  expect(refused.status).toBe(429);
  expect(refused.body.error.code).toBe('RATE_LIMITED');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
  // Upper case is the same account.
  expect((await login(owner.email.toUpperCase(), PASSWORD)).status).toBe(429);
});

it('counts an e-mail nobody registered like any other, so a 429 tells nothing about it', async () => {
  for (let i = 0; i < 10; i += 1) expect((await login('nobody@example.com', 'wrong password')).status).toBe(401);
  expect((await login('nobody@example.com', 'wrong password')).status).toBe(429);
});

it('a successful login clears the account\'s count', async () => {
  const owner = await signUp(app, 'forgetful');
  for (let i = 0; i < 9; i += 1) expect((await login(owner.email, 'wrong password')).status).toBe(401);
  expect((await login(owner.email, PASSWORD)).status).toBe(200);
  for (let i = 0; i < 9; i += 1) expect((await login(owner.email, 'wrong password')).status).toBe(401);
  expect((await login(owner.email, PASSWORD)).status).toBe(200);
});

it('refuses a client address after 50 failed credentials of any kind: API keys, tokens, refresh tokens', async () => {
  const owner = await signUp(app, 'bystander');
  for (let i = 0; i < 20; i += 1) {
    expect((await request(app.callback).get('/v1/business/profile').set('Authorization', `Bearer sk_live_guess${i}`)).status).toBe(401);
  }
  for (let i = 0; i < 20; i += 1) {
    expect((await request(app.callback).get('/v1/business/profile').set('Authorization', `Bearer not.a.jwt${i}`)).status).toBe(401);
  }
  for (let i = 0; i < 10; i += 1) {
    expect((await request(app.callback).post('/v1/auth/refresh').send({ refreshToken: `rt_${'x'.repeat(40)}${i}` })).status).toBe(401);
  }
  // The address is over its 50: its next credential is refused before it is looked at, valid or not.
  const refused = await request(app.callback).get('/v1/business/profile').set(owner.auth);
  expect(refused.status).toBe(429);
  expect(refused.body.error.code).toBe('RATE_LIMITED');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect((await login(owner.email, PASSWORD)).status).toBe(429);
});

it('a request without a credential is not a failed one', async () => {
  for (let i = 0; i < 60; i += 1) expect((await request(app.callback).get('/v1/business/profile')).status).toBe(401);
  const owner = await signUp(app, 'after');
  expect((await request(app.callback).get('/v1/business/profile').set(owner.auth)).status).toBe(200);
});

it('the OAuth sign-in page counts with the login route: 5 wrong passwords on each, then even the right one is refused with Retry-After', async () => {
  const owner = await signUp(app, 'paged');
  const client = await registerClient(app, owner);
  const jar = new CookieJar();
  const query = { client_id: client.clientId, redirect_uri: client.redirectUri, response_type: 'code', scope: 'read:businesses', state: 's', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' };
  const started = await request(app.callback).get(`/oauth/authorize?${new URLSearchParams(query)}`);
  jar.take(started.headers['set-cookie']);
  const interaction = new URL(started.headers.location, 'http://x').pathname;
  const page = await request(app.callback).get(interaction).set('Cookie', jar.header());
  jar.take(page.headers['set-cookie']);
  const signIn = (password: string) =>
    request(app.callback).post(`${interaction}/login`).set('Cookie', jar.header()).type('form').send({ email: owner.email, password, csrf: csrfOf(page.text) });
  for (let i = 0; i < 5; i += 1) expect((await login(owner.email, `wrong password ${i}`)).status).toBe(401);
  for (let i = 0; i < 5; i += 1) expect((await signIn(`wrong password ${i}`)).status).toBe(401);
  const refused = await signIn(PASSWORD);
  expect(refused.status).toBe(429);
  expect(refused.text).toContain('Too many failed sign-ins. Try again in 15 minutes.');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(840);
  expect((await login(owner.email, PASSWORD)).status).toBe(429);
});
