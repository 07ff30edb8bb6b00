// The middleware as the routes use it: a real Koa app, real HTTP requests on a loopback port.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Koa from 'koa';
import { DomainError, ValidationError } from '../../src/domain/errors';
import { validateBody, validateQuery } from '../../src/http/validate';
import { assertValid } from '../../src/schemas/check';
import { consumerSearchBodySchema } from '../../src/schemas/endpoints/consumerSearch';
import { directoryQuerySchema } from '../../src/schemas/endpoints/directory';
import { updateProfileBodySchema } from '../../src/schemas/endpoints/profile';

type Handler = Koa.Middleware;

/** A tiny app: JSON body parsing, domain errors as {status, field, issue}, then the chain under test. */
function appWith(...chain: Handler[]): Koa {
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      ctx.status = error.status;
      ctx.body = { code: error.code, details: error.details };
    }
  });
  app.use(async (ctx, next) => {
    let raw = '';
    for await (const chunk of ctx.req) raw += chunk;
    ctx.request.body = raw === '' ? undefined : JSON.parse(raw);
    await next();
  });
  for (const step of chain) app.use(step);
  return app;
}

const echo: Handler = async (ctx) => {
  ctx.body = { body: ctx.state.body, query: ctx.state.query };
};

let server: Server;
let base: string;
let current: Koa;

beforeAll(async () => {
  server = createServer((req, res) => current.callback()(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await once(server, 'close');
});

async function call(app: Koa, path: string, init: { method?: string; body?: unknown } = {}) {
  current = app;
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'POST',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

describe('validateBody', () => {
  const app = appWith(validateBody(consumerSearchBodySchema), echo);

  it('puts the validated body with defaults on ctx.state.body', async () => {
    const { status, json } = await call(app, '/', { body: { query: 'ramen' } });
    expect(status).toBe(200);
    expect(json.body).toEqual({ query: 'ramen', limit: 10, offset: 0 });
  });
  it('rejects with a 400 ValidationError naming the field and issue', async () => {
    const { status, json } = await call(app, '/', { body: { query: 'ramen', location: { lat: 100, lon: 0 } } });
    expect(status).toBe(400);
    expect(json).toEqual({ code: 'VALIDATION_ERROR', details: { field: 'location.lat', issue: 'must be between -90 and 90' } });
  });
  it('treats a missing body as a missing field named body', async () => {
    const { status, json } = await call(app, '/');
    expect(status).toBe(400);
    expect(json.details).toEqual({ field: 'body', issue: 'is required (send a JSON object)' });
  });
  it('rejects a JSON array body', async () => {
    const { json } = await call(app, '/', { body: [{ query: 'x' }] });
    expect(json.details).toEqual({ field: 'body', issue: 'must be an object' });
  });
  it('fails at construction, not per request, when a schema is broken', () => {
    expect(() => validateBody({ type: 'object', properties: { a: { type: 'strnig' } } })).toThrow();
    expect(() => validateBody({ type: 'object', notAKeyword: true })).toThrow(/unknown keyword/);
  });
});

describe('validateQuery', () => {
  const app = appWith(validateQuery(directoryQuerySchema), echo);

  it('coerces numbers and applies defaults onto ctx.state.query', async () => {
    const { status, json } = await call(app, '/?limit=7&category=cafes', { method: 'GET' });
    expect(status).toBe(200);
    expect(json.query).toEqual({ limit: 7, offset: 0, category: 'cafes', sortBy: 'aiVisibilityScore', sortOrder: 'desc' });
  });
  it('rejects a bad parameter with its name', async () => {
    const { status, json } = await call(app, '/?sortOrder=up', { method: 'GET' });
    expect(status).toBe(400);
    expect(json.details).toEqual({ field: 'sortOrder', issue: 'must be one of asc, desc' });
  });
  it('rejects a repeated scalar parameter', async () => {
    const { json } = await call(app, '/?limit=5&limit=6', { method: 'GET' });
    expect(json.details).toEqual({ field: 'limit', issue: 'must be a whole number' });
  });
});

describe('assertValid', () => {
  it('returns the value when it fits the schema', () => {
    const value = { name: 'Merged', status: 'published' };
    expect(assertValid(updateProfileBodySchema, value)).toBe(value);
  });
  it('throws a ValidationError for a merged result that breaks a rule', () => {
    expect(() => assertValid(updateProfileBodySchema, { contact: { website: 'http://x.example' } })).toThrow(ValidationError);
    try {
      assertValid(updateProfileBodySchema, { contact: { website: 'http://x.example' } });
    } catch (error) {
      expect((error as ValidationError).details).toEqual({ field: 'contact.website', issue: 'must be an https URL' });
      expect((error as ValidationError).message).toBe('contact.website: must be an https URL');
    }
  });
});
