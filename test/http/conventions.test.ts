// Spec 2.1, 7, 9: envelope, request ids, unknown routes, methods, body limits and types.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

const run = promisify(execFile);

/** @seriousme/openapi-schema-validator's CLI (an ES module jest cannot load) on the document: its JSON verdict. */
async function openApiValidation(document: unknown): Promise<{ valid: boolean; errors?: Array<Record<string, unknown>> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bdapi-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
    const output = await run(process.execPath, [cli, file]).then(({ stdout }) => stdout, (error: { stdout: string }) => error.stdout);
    return JSON.parse(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let app: TestApp;
let owner: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'conventions');
});
afterAll(() => app.close());

it('echoes a valid X-Request-ID and uses it in meta', async () => {
  const response = await request(app.callback).get('/v1/health').set('X-Request-ID', 'trace-abc_123');
  expect(response.headers['x-request-id']).toBe('trace-abc_123');
  expect(response.body.meta.requestId).toBe('trace-abc_123');
});

it('replaces an unsafe X-Request-ID with a generated req_ id', async () => {
  const response = await request(app.callback).get('/v1/health').set('X-Request-ID', 'bad id with spaces <script>');
  expect(response.headers['x-request-id']).toMatch(/^req_[A-Za-z0-9]+$/);
});

it('answers 404 NOT_FOUND in the envelope for an unknown route', async () => {
  const response = await request(app.callback).get('/v1/no/such/route');
  expect(response.status).toBe(404);
  expect(response.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) }, meta: expect.any(Object) });
});

it('answers 405 for a wrong method on a known path', async () => {
  const response = await request(app.callback).put('/v1/business/profile/biz_abcdefabcdef').set(owner.auth).send({});
  expect(response.status).toBe(405);
  expect(response.body.success).toBe(false);
  expect(response.body.error.code).toBe('METHOD_NOT_ALLOWED');
  // Every router's methods for the path, from the one allowedMethods of the app.
  expect(response.get('allow')?.split(/,\s*/).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH']);
});

it('answers OPTIONS with the methods a path allows', async () => {
  const response = await request(app.callback).options('/v1/api/v1/directory');
  expect(response.status).toBe(200);
  expect(response.get('allow')?.split(/,\s*/).sort()).toEqual(['GET', 'HEAD']);
});

it('answers 400 VALIDATION_ERROR for malformed JSON', async () => {
  const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).set('Content-Type', 'application/json').send('{"name": "broken",');
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('VALIDATION_ERROR');
  expect(response.body.error.details.field).toBe('body');
});

it('answers 400 VALIDATION_ERROR "must be an object" for a JSON body that is a bare value', async () => {
  for (const body of ['"a string"', '42', 'null']) {
    const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).set('Content-Type', 'application/json').send(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'VALIDATION_ERROR', message: 'Request body must be a JSON object', details: { field: 'body', issue: 'must be an object' } });
  }
});

it('answers 413 for a JSON body over 1 MB', async () => {
  const huge = JSON.stringify({ name: 'x', category: 'y', description: 'z'.repeat(1024 * 1024 + 10) });
  const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).set('Content-Type', 'application/json').send(huge);
  expect(response.status).toBe(413);
  expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
});

it('answers 415 for a body that is not JSON', async () => {
  const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).set('Content-Type', 'text/plain').send('name=x');
  expect(response.status).toBe(415);
  expect(response.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
});

it('answers 500 INTERNAL_ERROR without internals when something unexpected fails', async () => {
  const broken = await buildTestApp();
  try {
    const actor = await signUp(broken, 'broken');
    broken.store.profiles.create = async () => {
      throw new Error('SQLITE_CORRUPT: secret internals at /var/lib/data');
    };
    const response = await request(broken.callback).post('/v1/business/profile').set(actor.auth).send({ name: 'Anything', category: 'cafes' });
    expect(response.status).toBe(500);
    expect(response.body.error).toEqual({ code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' });
    expect(JSON.stringify(response.body)).not.toMatch(/SQLITE|internals|at \//);
  } finally {
    await broken.close();
  }
});

it('serves an OpenAPI 3.1 document', async () => {
  const response = await request(app.callback).get('/v1/openapi.json');
  expect(response.status).toBe(200);
  expect(response.body.openapi).toMatch(/^3\.1/);
  expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/business/profile', '/business/profile/{businessId}']));
});

it('serves a document a maintained OpenAPI 3.1 validator accepts (the official schema, every object closed)', async () => {
  const served = (await request(app.callback).get('/v1/openapi.json')).body;
  expect(await openApiValidation(served)).toEqual({ valid: true });
  // The check can fail: a description on a Media Type Object (not a field there in OAS 3.1) is refused.
  const broken = structuredClone(served);
  broken.paths['/mcp'].post.requestBody.content['application/json'].description = 'One JSON-RPC message';
  const refused = await openApiValidation(broken);
  expect(refused.valid).toBe(false);
  expect(refused.errors).toContainEqual(expect.objectContaining({ instancePath: '/paths/~1mcp/post/requestBody/content/application~1json', params: { unevaluatedProperty: 'description' } }));
});

it('health answers without credentials', async () => {
  const response = await request(app.callback).get('/v1/health');
  expect(response.status).toBe(200);
  expect(response.body.data.status).toBe('ok');
});

it('the OAuth token endpoint answers in the RFC 6749 5.2 shape, not the envelope', async () => {
  // Without client authentication: invalid_client, 401.
  const response = await request(app.callback).post('/v1/oauth/token').type('form').send({ grant_type: 'authorization_code' });
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
});
