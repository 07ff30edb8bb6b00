// A known path with a method it does not serve is 405 METHOD_NOT_ALLOWED in the
// envelope with an Allow header listing the methods it does serve - on every route of /v1.
import type Router from '@koa/router';
import request from 'supertest';
import { PATH_ID_SCHEMAS } from '../../src/schemas/parts/ids';
import { signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'methods');
});
afterAll(() => app.close());

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function v1Router(): Router {
  // Other routers (the OAuth sign-in pages) are mounted before it: pick the API's own by its prefix.
  const found = app.koa.middleware.map((middleware) => (middleware as { router?: Router }).router).find((router) => router?.opts.prefix === '/v1');
  if (!found) throw new Error('the app mounts no /v1 router');
  return found;
}

/** A path of the route template with every id in its documented shape (`biz_AAAAAAAAAAAA`). */
function concretePath(template: string): string {
  return template.replace(/:(\w+)/g, (_whole, name: string) => {
    const pattern = (PATH_ID_SCHEMAS as Partial<typeof PATH_ID_SCHEMAS>)[name]?.pattern as string | undefined;
    const prefix = pattern?.match(/^\^(\w+?)_/)?.[1];
    return prefix ? `${prefix}_AAAAAAAAAAAA` : 'sample';
  });
}

function allowOf(response: request.Response): string[] {
  return (response.get('allow') ?? '').split(/,\s*/).filter(Boolean).sort();
}

function expectMethodNotAllowed(response: request.Response, allow: string[]): void {
  expect({ status: response.status, code: response.body?.error?.code, allow: allowOf(response) }).toEqual({ status: 405, code: 'METHOD_NOT_ALLOWED', allow: [...allow].sort() });
  expect(response.body.success).toBe(false);
}

describe('literal paths beside a route with an id in their place', () => {
  it('PATCH /v1/business/profile/media is 405 with Allow: POST, not a 400 about a business id', async () => {
    expectMethodNotAllowed(await request(app.callback).patch('/v1/business/profile/media').set(owner.auth).send({}), ['POST']);
  });

  it('GET /v1/business/profile/media is 405 with Allow: POST', async () => {
    expectMethodNotAllowed(await request(app.callback).get('/v1/business/profile/media').set(owner.auth), ['POST']);
  });

  it('DELETE /v1/business/profile/status is 405 with Allow: GET, HEAD', async () => {
    expectMethodNotAllowed(await request(app.callback).delete('/v1/business/profile/status').set(owner.auth), ['GET', 'HEAD']);
  });

  it('a malformed id on a route that serves the method is still 400 naming the parameter', async () => {
    const response = await request(app.callback).get('/v1/business/profile/not-an-id').set(owner.auth);
    expect(response.status).toBe(400);
    expect(response.body.error.details.field).toBe('businessId');
  });
});

describe('every route of /v1', () => {
  it('answers every method it does not serve with 405 and the methods it does serve', async () => {
    const byTemplate = new Map<string, Set<string>>();
    for (const layer of v1Router().stack) {
      if (layer.methods.length === 0 || typeof layer.path !== 'string') continue;
      const methods = byTemplate.get(layer.path) ?? new Set<string>();
      layer.methods.forEach((method) => methods.add(method));
      byTemplate.set(layer.path, methods);
    }
    // The app has dozens of routes; a handful would mean the router was not found whole.
    expect(byTemplate.size).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const [template, served] of byTemplate) {
      const path = concretePath(template);
      for (const method of METHODS.filter((candidate) => !served.has(candidate))) {
        const response = await request(app.callback)[method.toLowerCase() as 'get'](path).set(owner.auth);
        const allow = allowOf(response);
        const expected = [...served].sort();
        if (response.status !== 405 || response.body?.error?.code !== 'METHOD_NOT_ALLOWED' || allow.join() !== expected.join()) {
          wrong.push(`${method} ${path}: ${response.status} ${response.body?.error?.code} Allow: ${allow.join(', ')} (expected ${expected.join(', ')})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
