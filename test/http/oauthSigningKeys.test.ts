// ID-token signing keys shared by a fleet: two app instances over one OAuth storage
// stand for two API processes. An ID token issued by one verifies against the other's JWKS
// (checked with jose, not our code), a restart brings back the same keys, the private halves are
// sealed at rest, and a rotation publishes the successor a day ahead and keeps the replaced key
// published for a day after. The key ring's clock is moved by hand; tokens live in real time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import request from 'supertest';
import { createSqliteOAuthStorage } from '../../src/adapters/sqlite/oauth/sqliteOAuthStorage';
import { createSecretBox } from '../../src/domain/webhooks/secretBox';
import { rotationPolicy } from '../../src/domain/oauth/signingKeyRotation';
import type { OAuthSettings } from '../../src/oauth/oauthModule';
import type { OAuthStorage } from '../../src/ports/oauthStorage';
import { signUp, type Actor } from './actors';
import { oauthToken, registerClient, type OAuthClient } from './oauthTokens';
import { buildAnotherInstance, buildTestApp, type TestApp } from './testApp';

const ISSUER = 'http://localhost:8080';
let dir: string;
let storage: OAuthStorage;
let keyClock: number;
let first: TestApp;
let owner: Actor;
let client: OAuthClient;

function oauthSettings(): OAuthSettings {
  return { storage, issuer: ISSUER, keyRotation: rotationPolicy(30), now: () => keyClock };
}

/** Another API process: its own app (own provider, own key ring) on the same store and OAuth storage. */
const anotherInstance = () => buildAnotherInstance(first, { oauth: oauthSettings() });

async function jwksOf(app: TestApp): Promise<JSONWebKeySet> {
  const response = await request(app.callback).get('/oauth/jwks');
  expect(response.status).toBe(200);
  return response.body as JSONWebKeySet;
}

async function idTokenFrom(app: TestApp): Promise<string> {
  const tokens = await oauthToken(app, owner, ['openid', 'read:businesses'], { client });
  if (!tokens.idToken) throw new Error('no id_token in the token response');
  return tokens.idToken;
}

function verify(idToken: string, jwks: JSONWebKeySet) {
  return jwtVerify(idToken, createLocalJWKSet(jwks), { issuer: ISSUER, audience: client.clientId, algorithms: ['ES256'] });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bdapi-oauth-keys-'));
  storage = createSqliteOAuthStorage({ file: join(dir, 'oauth.db') });
  keyClock = Date.parse('2026-03-01T00:00:00Z');
  first = await buildTestApp({ oauth: oauthSettings() });
  owner = await signUp(first);
  client = await registerClient(first, owner);
}, 30_000);

afterAll(async () => {
  await first.close();
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

test('an ID token issued by one instance verifies against the JWKS of another', async () => {
  const idToken = await idTokenFrom(first);
  const other = anotherInstance();
  const jwks = await jwksOf(other);
  expect(jwks.keys).toHaveLength(1);
  expect(decodeProtectedHeader(idToken)).toMatchObject({ alg: 'ES256', kid: jwks.keys[0].kid });
  const { payload } = await verify(idToken, jwks);
  expect(payload.sub).toBe(owner.accountId);
  // And the other way round: the second instance signs with the same key.
  expect(decodeProtectedHeader(await idTokenFrom(other)).kid).toBe(jwks.keys[0].kid);
});

test('the signing key is stored once, sealed, and comes back unchanged after a restart', async () => {
  const stored = await storage.signingKeys.list();
  expect(stored).toHaveLength(1);
  const [key] = stored;
  expect(key).toMatchObject({ generation: 1, alg: 'ES256', activatesAt: '2026-03-01T00:00:00.000Z' });
  expect(Object.keys(key.publicJwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
  expect(key.sealedPrivateJwk).toMatch(/^v1\./);
  expect(key.sealedPrivateJwk).not.toContain('"d"');
  // Sealed under the service's secret material: another secret cannot open it.
  expect(() => createSecretBox('some-other-secret-material-of-32-chars!', 'oauth signing keys v1').open(key.sealedPrivateJwk, key.kid)).toThrow();
  const restarted = anotherInstance();
  expect(await jwksOf(restarted)).toEqual(await jwksOf(first));
  expect((await jwksOf(restarted)).keys[0]).toMatchObject({ kid: key.kid, x: key.publicJwk.x, y: key.publicJwk.y });
});

test('rotation: the successor is published a day before it signs, and the replaced key verifies for a day after', async () => {
  const other = anotherInstance();
  const [original] = (await jwksOf(first)).keys;
  const signedBefore = await idTokenFrom(first);

  // Day 29: the successor exists and is published by both instances, behind the key that still signs.
  keyClock = Date.parse('2026-03-30T00:00:30Z');
  const aheadOnFirst = await jwksOf(first);
  expect(aheadOnFirst.keys.map((k) => k.kid)[0]).toBe(original.kid);
  expect(aheadOnFirst.keys).toHaveLength(2);
  const successor = aheadOnFirst.keys[1];
  expect((await jwksOf(other)).keys.map((k) => k.kid)).toEqual([original.kid, successor.kid]);
  expect(decodeProtectedHeader(await idTokenFrom(other)).kid).toBe(original.kid);
  expect((await storage.signingKeys.list()).map((k) => [k.generation, k.activatesAt])).toEqual([
    [1, '2026-03-01T00:00:00.000Z'],
    // Created at 00:00:30 on day 29: a full day of lead.
    [2, '2026-03-31T00:00:30.000Z'],
  ]);

  // Day 30: the successor signs; the token signed before still verifies against either instance's JWKS.
  keyClock = Date.parse('2026-03-31T00:01:00Z');
  const signedAfter = await idTokenFrom(first);
  expect(decodeProtectedHeader(signedAfter).kid).toBe(successor.kid);
  const overlap = await jwksOf(other);
  expect(overlap.keys.map((k) => k.kid)).toEqual([successor.kid, original.kid]);
  await expect(verify(signedBefore, overlap)).resolves.toBeDefined();
  await expect(verify(signedAfter, overlap)).resolves.toBeDefined();

  // Day 31: the replaced key is retired everywhere and removed from storage.
  keyClock = Date.parse('2026-04-01T00:02:00Z');
  const after = await jwksOf(other);
  expect(after.keys.map((k) => k.kid)).toEqual([successor.kid]);
  await expect(verify(signedBefore, after)).rejects.toThrow(/no applicable key found/);
  expect((await storage.signingKeys.list()).map((k) => k.generation)).toEqual([2]);
  expect((await jwksOf(first)).keys.map((k) => k.kid)).toEqual([successor.kid]);
}, 60_000);

test('an instance reads the keys again at most once a minute', async () => {
  const other = anotherInstance();
  const before = await jwksOf(other);
  // Keys removed behind the instances' backs (an operator wiping them) are missed until the next read.
  for (const key of await storage.signingKeys.list()) await storage.signingKeys.remove(key.generation);
  keyClock += 59_000;
  expect(await jwksOf(other)).toEqual(before);
  keyClock += 2_000;
  // That read finds none and starts again from a first key that signs at once.
  const reread = await jwksOf(other);
  expect(reread.keys).toHaveLength(1);
  expect(reread.keys[0].kid).not.toBe(before.keys[0].kid);
  expect((await storage.signingKeys.list()).map((k) => [k.generation, k.kid])).toEqual([[1, reread.keys[0].kid]]);
});
