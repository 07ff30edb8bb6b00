// http/restOperations.ts writes what the core answers in HTTP's own forms: a redirect
// with an encoded Location, bytes with their Content-Type, a multipart upload's file handed to
// the work, and a JSON body held to the operation's own limit.
import Koa from 'koa';
import request from 'supertest';
import { defineOperation, PUBLIC, type Operation } from '../../src/core/operation';
import { jsonBody } from '../../src/http/jsonBody';
import { multipartBody } from '../../src/http/multipartBody';
import { restOperationRoutes } from '../../src/http/restOperations';
import { credentialFreeInvoke } from '../support/credentialFreeInvoke';

const docs = { tag: 'Test', summary: 'test', successDescription: 'ok' };
const base = { access: PUBLIC, rateLimit: 'none' as const, docs };
const fields = { name: 'Fields', schema: { type: 'object', additionalProperties: false, properties: { type: { type: 'string' } } } };

const OPERATIONS: Operation<object>[] = [
  defineOperation<object>({
    ...base,
    name: 'goThere',
    input: {},
    http: { method: 'GET', path: '/go', status: 302 },
    run: async () => ({ data: undefined, redirectTo: 'https://café.example/menü?from=ai', headers: { 'Referrer-Policy': 'no-referrer' } }),
  }),
  defineOperation<object>({
    ...base,
    name: 'bytes',
    input: {},
    http: { method: 'GET', path: '/bytes', envelope: false },
    run: async () => ({ data: Buffer.from([0x47, 0x49, 0x46]), headers: { 'Content-Type': 'image/gif', 'Cache-Control': 'private, max-age=86400, immutable' } }),
  }),
  defineOperation<object>({
    ...base,
    name: 'upload',
    input: { body: fields, file: true },
    output: { name: 'Upload', schema: { type: 'object' } },
    http: { method: 'POST', path: '/upload', status: 201, bodyFormat: 'multipart' },
    run: async (_services, { input }) => ({ data: { type: (input.body as { type?: unknown }).type, text: input.file?.bytes.toString('utf8'), name: input.file?.originalName } }),
  }),
  defineOperation<object>({
    ...base,
    name: 'small',
    input: { body: fields },
    output: { name: 'Small', schema: { type: 'object' } },
    http: { method: 'POST', path: '/small', bodyLimitBytes: 64 },
    run: async (_services, { input }) => ({ data: input.body }),
  }),
];

const invoke = credentialFreeInvoke<object>({});
const app = new Koa();
app.use(restOperationRoutes(OPERATIONS, { invoke, jsonBody: jsonBody(1024 * 1024), multipartBody: multipartBody() }).routes());
const server = app.callback();

it('redirects with the declared status and the URL encoded for the Location header', async () => {
  const response = await request(server).get('/go');
  expect(response.status).toBe(302);
  expect(response.headers.location).toBe('https://xn--caf-dma.example/men%C3%BC?from=ai');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
});

it('sends bytes as they are, with the Content-Type the work named', async () => {
  const response = await request(server).get('/bytes').buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('image/gif');
  expect(response.headers['cache-control']).toBe('private, max-age=86400, immutable');
  expect([...(response.body as Buffer)]).toEqual([0x47, 0x49, 0x46]);
});

it('hands a multipart upload\'s file and fields to the work', async () => {
  const response = await request(server).post('/upload').field('type', 'photo').attach('file', Buffer.from('hello bytes'), 'hello.txt');
  expect(response.status).toBe(201);
  expect(response.body.data).toEqual({ type: 'photo', text: 'hello bytes', name: 'hello.txt' });
});

it('refuses an upload without a file part, naming the file', async () => {
  const response = await request(server).post('/upload').field('type', 'photo');
  expect(response.status).toBe(400);
  expect(response.body.error.details).toEqual({ field: 'file', issue: 'is required' });
});

it('holds a JSON body to the operation\'s own limit (413), and takes one within it', async () => {
  const over = await request(server).post('/small').send({ type: 'x'.repeat(100) });
  expect(over.status).toBe(413);
  expect(over.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  const within = await request(server).post('/small').send({ type: 'photo' });
  expect([within.status, within.body.data]).toEqual([200, { type: 'photo' }]);
});
