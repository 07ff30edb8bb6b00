// Scopes on every route: every route of http/routeScopes.ts x {each single scope, no
// scope} x {API key, OAuth token}. A credential without the route's scope gets 403 FORBIDDEN
// naming the scope before anything runs; one with it gets past the check (the call then fails
// or succeeds on its own merits: fake ids give 404, empty bodies 400). Routes come from the
// table, so a route added there joins the matrix by itself. Routes needing no scope are checked
// by kind: a signed-in person only, admin only.
import type Router from '@koa/router';
import request from 'supertest';
import { SCOPES, type Scope } from '../../src/domain/account';
import { randomBase62 } from '../../src/domain/ids';
import { sha256Hex } from '../../src/domain/secretHash';
import { PATH_ID_SCHEMAS } from '../../src/schemas/parts/ids';
import { registeredRoutes, routesWithoutAccess } from '../../src/http/routeAccessCheck';
import { ROUTE_ACCESS, type RouteAccess } from '../../src/http/routeScopes';
import { apiKey, signUp, type Actor } from './actors';
import { grantPartnerAccess } from '../fixtures/partnerAgreements';
import { verbOf } from '../support/httpVerb';
import { oauthToken } from './oauthTokens';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;
let admin: Actor;

/** A column of the matrix: how a credential holding exactly `scopes` is obtained for an account. */
interface CredentialKind {
  name: string;
  credential(actor: Actor, scopes: Scope[]): Promise<string>;
  /** false when the credential always carries a scope (an OAuth consent grants at least one). */
  mayHaveNoScope: boolean;
}

/** An API key holding exactly `scopes`. The API refuses a key with none (400), so that one is stored directly. */
async function apiKeyWith(actor: Actor, scopes: Scope[]): Promise<string> {
  if (scopes.length > 0) return (await apiKey(app, actor, 'live', scopes)).key;
  const key = `sk_live_${randomBase62(40)}`;
  const id = `key_${randomBase62(20)}`;
  await app.store.apiKeys.create({ id, accountId: actor.accountId, name: 'no scopes', environment: 'live', scopes: [], hash: sha256Hex(key), last4: key.slice(-4), createdAt: new Date().toISOString() });
  return key;
}

// The OAuth column's tokens are obtained the way an app does (test/http/oauthTokens.ts): a
// consent always grants at least one scope, so that column has no "no scope" case.
const COLUMNS: CredentialKind[] = [
  { name: 'API key', credential: apiKeyWith, mayHaveNoScope: true },
  { name: 'OAuth token', credential: async (actor, scopes) => (await oauthToken(app, actor, scopes)).accessToken, mayHaveNoScope: false },
];

/** Path ids of the right form (the router checks their pattern first, http/pathIds.ts) that name nothing. */
const SAMPLE_IDS: Record<string, string> = Object.fromEntries(
  Object.entries(PATH_ID_SCHEMAS).map(([name, schema]) => [name, `${/^\^([a-z]+)_/.exec(String(schema.pattern))![1]}_00000000000000000000`]),
);

function concrete(path: string): string {
  return `/v1${path.replace(/\{(\w+)\}/g, (_whole, name: string) => SAMPLE_IDS[name] ?? `${name}_00000000000000000000`)}`;
}

function send(route: string, credential: string): request.Test {
  const [method, path] = route.split(' ') as [string, string];
  const call = request(app.callback)[verbOf(method)](concrete(path));
  const authed = call.set('Authorization', `Bearer ${credential}`);
  return method === 'GET' || method === 'DELETE' ? authed : authed.send({});
}

/** The refusal, from the envelope or, on /graphql, from GraphQL's errors[0] (code and details in extensions). */
function errorOf(body: { error?: unknown; errors?: Array<{ message: string; extensions?: { code?: string; details?: unknown } }> }): unknown {
  if (body.error !== undefined || !body.errors) return body.error;
  const first = body.errors.at(0);
  return { code: first?.extensions?.code, message: first?.message, ...(first?.extensions?.details !== undefined && { details: first.extensions.details }) };
}

const routesOf = (kind: RouteAccess['kind']) => Object.entries(ROUTE_ACCESS).filter(([, access]) => access.kind === kind);
const scopedRoutes = routesOf('scope').map(([route, access]) => [route, (access as { scope: Scope }).scope] as const);
const NO_SCOPE: Scope[] = [];
const scopeSets: Array<[string, Scope[]]> = [...SCOPES.map((scope): [string, Scope[]] => [scope, [scope]]), ['no scope', NO_SCOPE]];

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'scopes-owner');
  admin = await signUp(app, 'scopes-admin');
  await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
  // Partner search needs a partnership besides its scope: the owner has one, so the scope decides.
  await grantPartnerAccess(app.store, owner.accountId);
});
afterAll(() => app.close());

it('has an entry for every route the app serves (a missing one is named here)', () => {
  // The /v1 API router (the OAuth sign-in and consent pages are a router of their own, outside /v1).
  const routers = app.koa.middleware.map((middleware) => (middleware as { router?: Router }).router).filter((found): found is Router => found !== undefined);
  const router = routers.find((found) => found.opts.prefix === '/v1')!;
  expect(routesWithoutAccess(router)).toEqual([]);
  // ...and no stale line for a route that is gone.
  const served = new Set(registeredRoutes(router));
  expect(Object.keys(ROUTE_ACCESS).filter((key) => !served.has(key))).toEqual([]);
  expect(scopedRoutes.length).toBeGreaterThanOrEqual(27);
});

describe.each(COLUMNS)('$name', (column) => {
  const credentials = new Map<string, string>();
  const sets = scopeSets.filter(([, scopes]) => column.mayHaveNoScope || scopes.length > 0);
  beforeAll(async () => {
    for (const [label, scopes] of sets) credentials.set(label, await column.credential(owner, scopes));
  });

  describe.each(scopedRoutes)('%s (needs %s)', (route, required) => {
    it.each(sets)('with %s', async (label) => {
      const response = await send(route, credentials.get(label)!);
      if (label === required) {
        expect([route, response.status]).not.toEqual([route, 403]);
        expect(response.status).not.toBe(401);
        expect(response.status).toBeLessThan(500);
        return;
      }
      expect(response.status).toBe(403);
      expect(errorOf(response.body)).toEqual({
        code: 'FORBIDDEN',
        message: `This credential lacks the ${required} scope this endpoint requires`,
        details: { field: 'scope', issue: `requires the ${required} scope`, requiredScope: required },
      });
      expect(response.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="${required}"`);
    });
  });

  describe.each(routesOf('signedIn').map(([route]) => route))('%s (a signed-in person only)', (route) => {
    it.each(sets)('refuses a credential with %s', async (label) => {
      const response = await send(route, credentials.get(label)!);
      expect(response.status).toBe(403);
      expect(errorOf(response.body)).toEqual({ code: 'FORBIDDEN', message: 'This endpoint requires a signed-in account (JWT)' });
    });
  });

  describe.each(routesOf('admin').map(([route]) => route))('%s (admin only)', (route) => {
    it("refuses a user's credential holding every scope", async () => {
      const response = await send(route, await column.credential(owner, [...SCOPES]));
      expect(response.status).toBe(403);
      expect(errorOf(response.body)).toEqual({ code: 'FORBIDDEN', message: 'This endpoint requires an admin account' });
    });
  });
});

describe('OAuth token of an admin', () => {
  // An app an admin authorised acts for the admin as a user: no admin route, whatever the scopes.
  it.each(routesOf('admin').map(([route]) => route))('is refused on %s', async (route) => {
    const response = await send(route, (await oauthToken(app, admin, [...SCOPES])).accessToken);
    expect(response.status).toBe(403);
    expect(errorOf(response.body)).toEqual({ code: 'FORBIDDEN', message: 'This endpoint requires an admin account' });
  });
});

describe('API key of an admin', () => {
  // No scope grants admin rights and none is needed: the admin's own key acts as the admin.
  it.each(routesOf('admin').map(([route]) => route))('passes %s with no scope', async (route) => {
    const response = await send(route, await apiKeyWith(admin, NO_SCOPE));
    expect(response.status).not.toBe(403);
    expect(response.status).not.toBe(401);
    expect(response.status).toBeLessThan(500);
  });
});

describe('JWT from /auth/login', () => {
  it.each(scopedRoutes)('carries every scope of the account: %s passes the scope check', async (route) => {
    const response = await send(route, owner.token);
    expect(response.status).not.toBe(403);
    expect(response.status).not.toBe(401);
    expect(response.status).toBeLessThan(500);
  });
});

it.each(routesOf('public').map(([route]) => route))('%s needs no credential at all', async (route) => {
  const [method, path] = route.split(' ') as [string, string];
  const response = await request(app.callback)[verbOf(method)](`/v1${path}`);
  expect(response.status).not.toBe(401);
  expect(response.status).not.toBe(403);
});
