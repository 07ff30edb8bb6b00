// The served OpenAPI document is exactly the server's behaviour: every operation in
// GET /v1/openapi.json is called with a realistic request on a seeded world, and each real answer
// must be documented for that operation: its status, its body against the documented schema
// (object schemas that list their properties are closed, so an undocumented field fails), and the
// API's headers. Every required query parameter and body field is really required: the same call
// without it is 400 VALIDATION_ERROR naming it. The cases run in order (later ones use the ids
// earlier ones created), one test each so a failure names its operation.
import { isDeepStrictEqual } from 'node:util';
import type Router from '@koa/router';
import request from 'supertest';
import { CASES, PNG, type Call } from './openapiConformance/cases';
import { documentedAnswers, type DocumentedAnswers } from './openapiConformance/documentedAnswers';
import { seedWorld, type World } from './openapiConformance/world';
import { verbOf } from '../support/httpVerb';

type Json = Record<string, any>;

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let world: World;
let answers: DocumentedAnswers;

beforeAll(async () => {
  world = teardown.adopt(await seedWorld(), (seeded) => seeded.app.close());
  const served = await request(world.app.callback).get('/v1/openapi.json');
  expect(served.status).toBe(200);
  answers = documentedAnswers(served.body);
}, 60_000);
afterAll(() => teardown.disposeAsync());

type Omit = { query?: string; body?: string };

function send(call: Call, omit: Omit = {}) {
  const url = `/v1${call.path}`;
  let test = request(world.app.callback)[verbOf(call.method)](url);
  test = test.set(call.auth ?? {}).set(call.headers ?? {});
  if (call.query) test = test.query(Object.fromEntries(Object.entries(call.query).filter(([name]) => name !== omit.query)));
  if (call.multipart) {
    for (const [name, value] of Object.entries(call.multipart.fields)) if (name !== omit.body) test = test.field(name, value);
    const { bytes, filename, contentType } = call.multipart.file;
    if (omit.body !== 'file') test = test.attach('file', bytes, { filename, contentType });
    return test;
  }
  if (call.body !== undefined) {
    const body = omit.body && call.body && typeof call.body === 'object' ? Object.fromEntries(Object.entries(call.body).filter(([name]) => name !== omit.body)) : call.body;
    test = test.send(body as object);
  }
  return test;
}

/** The operation's documented success (2xx, or the 302 of a tracked link). */
function successOf(operationId: string): number {
  const statuses = Object.keys(answers.operation(operationId).op.responses).map(Number);
  const success = statuses.find((status) => status >= 200 && status < 400 && status !== 304);
  if (success === undefined) throw new Error(`${operationId} documents no success`);
  return success;
}

/** Required query parameters and required top-level body fields, as the document states them. */
/** For each documented query parameter with a bound or a list of values, a value outside it. */
function queryViolations(operationId: string): Array<{ name: string; value: string }> {
  const { op } = answers.operation(operationId);
  const out: Array<{ name: string; value: string }> = [];
  for (const parameter of (op.parameters ?? []).map((node: Json) => answers.resolve(node))) {
    if (parameter.in !== 'query') continue;
    const schema = answers.resolve(parameter.schema ?? {});
    if (schema.enum) out.push({ name: parameter.name, value: 'not-one-of-them' });
    else if (typeof schema.maximum === 'number') out.push({ name: parameter.name, value: String(schema.maximum + 1) });
    else if (typeof schema.minimum === 'number') out.push({ name: parameter.name, value: String(schema.minimum - 1) });
    else if (typeof schema.maxLength === 'number') out.push({ name: parameter.name, value: 'a'.repeat(schema.maxLength + 1) });
  }
  return out;
}

function requiredInputs(operationId: string, call: Call): Omit[] {
  const { op } = answers.operation(operationId);
  const inputs: Omit[] = [];
  for (const parameter of (op.parameters ?? []).map((node: Json) => answers.resolve(node))) {
    if (parameter.in === 'query' && parameter.required && call.query?.[parameter.name] !== undefined) inputs.push({ query: parameter.name });
  }
  const content = op.requestBody?.content as Json | undefined;
  const sent = call.multipart ? 'multipart/form-data' : 'application/json';
  const schema = content?.[sent]?.schema ? answers.resolve(content[sent].schema) : undefined;
  const present = call.multipart ? { ...call.multipart.fields, file: true } : (call.body as Json | undefined);
  if (op.requestBody?.required !== false || present) {
    for (const name of (schema?.required ?? []) as string[]) if (present && name in present) inputs.push({ body: name });
  }
  return inputs;
}

/** For each documented header parameter with a bound, a value outside it: the server must refuse it as documented. */
function headerViolations(operationId: string): Array<{ name: string; value: string }> {
  const { op } = answers.operation(operationId);
  return (op.parameters ?? [])
    .map((node: Json) => answers.resolve(node))
    .filter((parameter: Json) => parameter.in === 'header' && (parameter.schema?.maxLength !== undefined || parameter.schema?.pattern !== undefined))
    .map((parameter: Json) => ({ name: parameter.name, value: parameter.schema.maxLength !== undefined ? 'a'.repeat(parameter.schema.maxLength + 1) : 'not (a) valid value' }));
}


it('has a call for every operation of the served document, and none for an operation it lacks', () => {
  const called = new Set(CASES.map((entry) => entry.operationId));
  const documented = answers.operationIds();
  expect(documented.filter((id) => !called.has(id))).toEqual([]);
  expect([...called].filter((id) => !documented.includes(id))).toEqual([]);
  expect(documented.length).toBeGreaterThan(60);
  // The bounds the cases below send past are many (limits, enums, header lengths), not a handful.
  const bounded = documented.reduce((sum, id) => sum + queryViolations(id).length + headerViolations(id).length, 0);
  expect(bounded).toBeGreaterThan(40);
});

it('documents every route the app serves under /v1', () => {
  const v1 = world.app.koa.middleware.map((middleware) => (middleware as { router?: Router }).router).find((router) => router?.opts.prefix === '/v1');
  const served = (v1?.stack ?? []).flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${String(layer.path).replace(/^\/v1/, '')}`));
  const documented = answers.operationIds().map((operationId) => {
    const { method, path } = answers.operation(operationId);
    return `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
  });
  expect(served.filter((route) => !documented.includes(route))).toEqual([]);
  expect(served.length).toBeGreaterThan(60);
});

describe.each(CASES.map((entry) => [`${entry.operationId}${entry.note ? ` (${entry.note})` : ''}`, entry] as const))('%s', (_name, entry) => {
  it('answers as documented, and refuses each required input left out and each header out of its bounds', async () => {
    const call = await entry.call(world);
    // Every finding is gathered, and the call itself always runs, so later cases get their ids.
    const findings: Record<string, { expected: unknown; got: unknown }> = {};
    const check = (label: string, got: unknown, expected: unknown) => {
      if (!isDeepStrictEqual(got, expected)) findings[label] = { expected, got };
    };
    const conforms = (label: string, response: request.Response) => check(`${label}: conforms`, answers.problems(entry.operationId, response), []);
    // In the envelope, or (GraphQL) in errors[0].extensions.
    const refusedAsValidation = (label: string, response: request.Response, field: string) => {
      const error = response.body?.error ?? response.body?.errors?.[0]?.extensions;
      check(label, { status: response.status, code: error?.code, field: error?.details?.field }, { status: 400, code: 'VALIDATION_ERROR', field });
    };

    if (call.status === undefined) {
      for (const omitted of requiredInputs(entry.operationId, call)) {
        const field = (omitted.query ?? omitted.body) as string;
        const refused = await send(call, omitted);
        conforms(`without ${field}`, refused);
        if (call.refusal === 'graphql') check(`without ${field}`, { status: refused.status, errors: Array.isArray(refused.body?.errors) && refused.body.errors.length > 0 }, { status: 400, errors: true });
        else refusedAsValidation(`without ${field}`, refused, field);
      }
      // Without its credential an operation that needs one is 401, in its documented shape.
      if (call.auth && (answers.operation(entry.operationId).op.security ?? []).length > 0) {
        const anonymous = await send({ ...call, auth: undefined });
        conforms('without a credential', anonymous);
        check('without a credential', anonymous.status, 401);
      }
      for (const { name, value } of queryViolations(entry.operationId)) {
        const refused = await send({ ...call, query: { ...call.query, [name]: value } });
        conforms(`${name}=${value.slice(0, 20)}`, refused);
        refusedAsValidation(`${name}=${value.slice(0, 20)}`, refused, name);
      }
      for (const { name, value } of headerViolations(entry.operationId)) {
        const refused = await send({ ...call, headers: { ...call.headers, [name]: value } });
        conforms(`${name} out of bounds`, refused);
        refusedAsValidation(`${name} out of bounds`, refused, name);
      }
    }
    const response = await send(call);
    entry.after?.(response, world);
    const expected = call.status ?? successOf(entry.operationId);
    check('answer status', { status: response.status, body: response.status === expected ? 'as expected' : response.body }, { status: expected, body: 'as expected' });
    if (call.error) check('answer error', { code: response.body?.error?.code, field: response.body?.error?.details?.field }, { field: undefined, ...call.error });
    conforms('answer', response);
    check('links', answers.linkProblems(entry.operationId, response, call.path), []);
    expect(findings).toEqual({});
  });
});

// The check above must be able to fail: the same real answers, each with one field the document
// does not list, at the top, deep in a profile's media and in a list item.
it('flags a field the document does not list, however deep', async () => {
  const read = await request(world.app.callback).get(`/v1/business/profile/${world.businessId}`).set(world.owner.auth);
  expect(read.status).toBe(200);
  expect(answers.problems('getProfile', read)).toEqual([]);
  const withMedia = structuredClone(read.body);
  expect(withMedia.data.media.logo).toMatch(/^\/v1\/media\/med_/);
  withMedia.data.media.banner = '/v1/media/med_banner1';
  expect(answers.problems('getProfile', { ...read, body: withMedia } as request.Response)).toEqual([expect.stringMatching(/^body\/data\/media must NOT have additional properties/)]);
  const atTop = { ...read.body, debug: true };
  expect(answers.problems('getProfile', { ...read, body: atTop } as request.Response)).toEqual([expect.stringMatching(/^body must NOT have additional properties/)]);

  const list = await request(world.app.callback).get('/v1/business/profile').set(world.owner.auth);
  const listed = structuredClone(list.body);
  listed.data.profiles[0].ownerId = world.owner.accountId;
  expect(answers.problems('listOwnProfiles', { ...list, body: listed } as request.Response)).toEqual([expect.stringMatching(/^body\/data\/profiles\/0 must NOT have additional properties/)]);
});

it('flags a link whose expression gives no usable id on a real answer', async () => {
  const uploaded = await send({ method: 'post', path: '/business/profile/media', auth: world.owner.auth, multipart: { fields: { type: 'photo', businessId: world.businessId }, file: { bytes: PNG, filename: 'a.png', contentType: 'image/png' } } });
  expect(uploaded.status).toBe(201);
  expect(answers.linkProblems('uploadMedia', uploaded, '/business/profile/media')).toEqual([]);
  const broken = { ...uploaded, body: { ...uploaded.body, data: { ...uploaded.body.data, id: 'photo-1' } } } as request.Response;
  expect(answers.linkProblems('uploadMedia', broken, '/business/profile/media')).toEqual([
    'link GetMedia: $response.body#/data/id gave "photo-1", which mediaId refuses',
    'link DeleteMedia: $response.body#/data/id gave "photo-1", which mediaId refuses',
  ]);
});
