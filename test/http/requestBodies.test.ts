// How JSON bodies are read (src/http/jsonBody.ts, koa-body): prototype keys, invalid UTF-8, merge-patch
// on PATCH, compressed bodies. Bad input is always 400 VALIDATION_ERROR, never a 500.
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import request from 'supertest';
import { completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;
let businessId: string;
const logLevels: number[] = [];

beforeAll(async () => {
  // Records the level of every log line, to prove bad bodies are not logged as server errors.
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLevels.push(JSON.parse(line).level);
      done();
    },
  });
  app = await buildTestApp({ logger: pino({ level: 'trace' }, sink) });
  owner = await signUp(app, 'bodies');
  businessId = (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody())).body.data.id;
});
afterAll(() => app.close());

function postRaw(body: string | Buffer, headers: Record<string, string> = {}) {
  return request(app.callback)
    .post('/v1/business/profile')
    .set(owner.auth)
    .set({ 'Content-Type': 'application/json', ...headers })
    .serialize((raw: unknown) => raw as string) // send Buffers as bytes, not JSON-encoded
    .send(body);
}

describe('prototype keys', () => {
  it.each([
    ['__proto__ at the top', '{"name":"Proto","category":"y","__proto__":{"admin":true}}', '__proto__'],
    ['__proto__ nested', '{"name":"Proto","category":"y","location":{"__proto__":{"x":1}}}', '__proto__'],
    ['__proto__ spelled with escapes', '{"name":"Proto","category":"y","\\u005f_proto__":{"admin":true}}', '__proto__'],
  ])('answers 400 VALIDATION_ERROR for %s, logged below error level', async (_label, body, field) => {
    logLevels.length = 0;
    const response = await postRaw(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: `${field}: is not an allowed property`,
      details: { field, issue: 'is not an allowed property' },
    });
    expect(logLevels.length).toBeGreaterThan(0); // the access log line
    expect(Math.max(...logLevels)).toBeLessThan(50); // pino: 50 = error
  });

  it('refuses a "constructor" key like any unknown property', async () => {
    const response = await postRaw('{"name":"Proto","category":"y","constructor":{"prototype":{"admin":true}}}');
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({ field: 'constructor', issue: 'is not an allowed property' });
  });
});

describe('character encoding', () => {
  it('answers 400 VALIDATION_ERROR on body for invalid UTF-8 instead of storing U+FFFD', async () => {
    const latin1 = Buffer.concat([Buffer.from('{"name":"Caf'), Buffer.from([0xe9]), Buffer.from(' Latin","category":"cafes"}')]);
    const response = await postRaw(latin1);
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({ field: 'body', issue: 'must be valid UTF-8' });
  });

  it('accepts UTF-8 with a byte order mark', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(completeProfileBody({ tagline: 'Café on purpose' })))]);
    const response = await postRaw(body);
    expect(response.status).toBe(201);
  });

  it('refuses a literal U+FFFD too: the parser turns invalid bytes into it, so it cannot be told apart', async () => {
    const response = await postRaw(JSON.stringify(completeProfileBody({ tagline: 'Caf\uFFFD' })));
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({ field: 'body', issue: 'must be valid UTF-8' });
  });

  it('refuses invalid percent-encoded UTF-8 in a query string the same way, naming the parameter', async () => {
    const response = await request(app.callback).get('/v1/api/v1/directory?city=Austin&query=caf%E9').set(owner.auth);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'query', issue: expect.stringContaining('UTF-8') } });
    const valid = await request(app.callback).get('/v1/api/v1/directory?city=Austin&query=caf%C3%A9').set(owner.auth);
    expect(valid.status).toBe(200);
  });

  it('reads a gzip body, with the limit applied to its decompressed size', async () => {
    const small = await postRaw(gzipSync(JSON.stringify(completeProfileBody())), { 'Content-Encoding': 'gzip' });
    expect(small.status).toBe(201);
    const bomb = gzipSync(JSON.stringify({ name: 'x', category: 'y', description: 'z'.repeat(2 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(10 * 1024);
    const refused = await postRaw(bomb, { 'Content-Encoding': 'gzip' });
    expect(refused.status).toBe(413);
    const unknown = await postRaw('{}', { 'Content-Encoding': 'compress' });
    expect(unknown.status).toBe(415);
  });
});

describe('PATCH content types', () => {
  it('accepts application/merge-patch+json on PATCH (RFC 7396 is what PATCH does)', async () => {
    const response = await request(app.callback)
      .patch(`/v1/business/profile/${businessId}`)
      .set(owner.auth)
      .set('Content-Type', 'application/merge-patch+json')
      .send(JSON.stringify({ tagline: 'Merge-patched tagline' }));
    expect(response.status).toBe(200);
    const read = await request(app.callback).get(`/v1/business/profile/${businessId}`).set(owner.auth);
    expect(read.body.data.tagline).toBe('Merge-patched tagline');
  });

  it('still answers 415 for merge-patch+json on POST', async () => {
    const response = await postRaw(JSON.stringify(completeProfileBody()), { 'Content-Type': 'application/merge-patch+json' });
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('text fields over HTTP', () => {
  it('refuses a NUL byte and a bidi override in a name, and a zero-width-only name', async () => {
    for (const name of ['Nul\u0000Byte', 'abc\u202Egnp.exe', '\u200B\u200B']) {
      const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).send({ name, category: 'cafes' });
      expect(response.status).toBe(400);
      expect(response.body.error.details.field).toBe('name');
    }
  });
});
