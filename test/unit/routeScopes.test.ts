// http/routeScopes.ts: the one table of who may call each route, its keys, the build-time check
// and the OpenAPI security written from it.
import Router from '@koa/router';
import { routesWithoutAccess, assertEveryRouteHasAccess } from '../../src/http/routeAccessCheck';
import { ROUTE_ACCESS, routeKey, scope } from '../../src/http/routeScopes';
import { withRouteSecurity } from '../../src/openapi/routeSecurity';
import { buildOpenApiDocument } from '../../src/openapi/openApiDocument';
import { OAUTH_PROTOCOL_OPERATIONS } from '../../src/openapi/paths/oauthProtocol';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

describe('routeKey', () => {
  it.each([
    ['GET', '/v1/business/profile/:businessId', 'GET /business/profile/{businessId}'],
    ['HEAD', '/v1/media/:mediaId', 'GET /media/{mediaId}'],
    ['post', '/v1/business/profile/', 'POST /business/profile'],
    ['GET', '/v1/api/v1/directory', 'GET /api/v1/directory'],
    ['DELETE', '/v1/things/:id(\\d+)', 'DELETE /things/{id}'],
    ['GET', '/v1', 'GET /'],
  ])('%s %s -> %s', (method, path, key) => {
    expect(routeKey(method, path)).toBe(key);
  });
});

describe('the build-time check', () => {
  function appRouter(): Router {
    const v1 = new Router({ prefix: '/v1' });
    const giftCards = new Router();
    giftCards.get('/health', (ctx) => void (ctx.body = 'ok'));
    giftCards.post('/gift-cards', (ctx) => void (ctx.body = 'ok'));
    giftCards.get('/gift-cards/:cardId', (ctx) => void (ctx.body = 'ok'));
    v1.use(giftCards.routes());
    return v1;
  }

  it('names each route without an entry', () => {
    expect(routesWithoutAccess(appRouter())).toEqual(['POST /gift-cards', 'GET /gift-cards/{cardId}']);
    expect(() => assertEveryRouteHasAccess(appRouter())).toThrow(
      /no entry in src\/http\/routeScopes\.ts \(ROUTE_ACCESS\): POST \/gift-cards, GET \/gift-cards\/\{cardId\}\. Add one line per route/,
    );
  });

  it('passes once each route has its line', () => {
    const table = { ...ROUTE_ACCESS, 'POST /gift-cards': scope('write:bookings'), 'GET /gift-cards/{cardId}': scope('read:bookings') };
    expect(() => assertEveryRouteHasAccess(appRouter(), table)).not.toThrow();
  });
});

describe('OpenAPI security from the table', () => {
  const doc = buildOpenApiDocument() as Json;
  const protocol = new Set<string>(OAUTH_PROTOCOL_OPERATIONS);
  const documented = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((method) => method in (item as Json)).map((method) => ({ key: `${method.toUpperCase()} ${path}`, op: (item as Json)[method] as Json })),
  );

  it('documents nothing the table does not know (the table and the app are compared in test/http/scopeMatrix.test.ts)', () => {
    expect(documented.map(({ key }) => key).filter((key) => !(key in ROUTE_ACCESS) && !protocol.has(key))).toEqual([]);
    expect(documented.length).toBeGreaterThan(40);
  });

  it('documents the OAuth protocol endpoints (oidc-provider\'s, not the table\'s) with client authentication, optional for public clients', () => {
    for (const key of OAUTH_PROTOCOL_OPERATIONS) {
      expect(key in ROUTE_ACCESS).toBe(false);
      expect([key, documented.find((operation) => operation.key === key)?.op.security]).toEqual([key, [{ oauthClient: [] }, {}]]);
    }
    expect(doc.components.securitySchemes.oauthClient).toMatchObject({ type: 'http', scheme: 'basic' });
  });

  it("lists each operation's scope under every credential scheme, and none for public, signed-in and admin routes", () => {
    for (const { key, op } of documented.filter((operation) => !protocol.has(operation.key))) {
      const access = ROUTE_ACCESS[key]!;
      if (access.kind === 'scope') {
        expect([key, op.security]).toEqual([key, [{ apiKey: [access.scope] }, { jwt: [access.scope] }, { oauth2: [access.scope] }]]);
        expect(op.description).toContain(`Requires the \`${access.scope}\` scope`);
      } else if (access.kind === 'public') {
        expect([key, op.security]).toEqual([key, []]);
      } else if (access.kind === 'signedIn') {
        expect([key, op.security]).toEqual([key, [{ jwt: [] }]]);
      } else {
        expect([key, op.security]).toEqual([key, [{ apiKey: [] }, { jwt: [] }]]);
        expect(op.description).toContain('Admin accounts only.');
      }
    }
  });

  it('lists the oauth2 scheme beside the others once it is declared', () => {
    const paths = { '/media/{mediaId}': { get: { summary: 'x' } } };
    const schemes = { apiKey: {}, jwt: {}, oauth2: {} };
    expect(withRouteSecurity(paths, schemes)['/media/{mediaId}']!.get!.security).toEqual([
      { apiKey: ['read:businesses'] },
      { jwt: ['read:businesses'] },
      { oauth2: ['read:businesses'] },
    ]);
  });

  it('refuses to document an operation that has no entry, naming it', () => {
    expect(() => withRouteSecurity({ '/gift-cards': { post: { summary: 'x' } } }, { apiKey: {}, jwt: {} })).toThrow(
      'Documented operations without an entry in src/http/routeScopes.ts: POST /gift-cards',
    );
  });
});
