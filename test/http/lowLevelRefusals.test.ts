// Refusals made before any operation runs still answer in the error envelope the OpenAPI document
// promises: a request head over Node's 16 KB limit (431), a request target over 8 KiB (414), a
// body over its limit (413), a request that is not HTTP at all (400), and a query parameter sent
// twice (400 VALIDATION_ERROR naming it). Sent to a listening server, the way clients reach it.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { answerClientErrors } from '../../src/http/clientErrors';
import { signUp, type Actor } from './actors';
import { documentedAnswers, type DocumentedAnswers } from './openapiConformance/documentedAnswers';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let server: Server;
let origin: string;
let owner: Actor;
let answers: DocumentedAnswers;

beforeAll(async () => {
  app = await buildTestApp();
  server = createServer(app.callback);
  answerClientErrors(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  owner = await signUp(app, 'refusals');
  answers = documentedAnswers((await request(app.callback).get('/v1/openapi.json')).body);
});
afterAll(async () => {
  await new Promise((closed) => server.close(closed));
  await app.close();
});

/** Writes raw bytes on a fresh connection and reads everything until the server closes it. */
function sendRaw(bytes: string): Promise<{ status: number; headers: Record<string, string>; body: any }> {
  return new Promise((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body] = [received.slice(0, received.indexOf('\r\n\r\n')), received.slice(received.indexOf('\r\n\r\n') + 4)];
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
    });
  });
}

function expectEnvelope(answer: { headers: Record<string, string>; body: any }, code: string): void {
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.body).toEqual({
    success: false,
    error: { code, message: expect.any(String) },
    meta: { timestamp: expect.any(String), requestId: answer.headers['x-request-id'] },
  });
}

describe('refusals of the HTTP layer', () => {
  it('answers 431 in the envelope, as documented, when the request line is over 16 KB', async () => {
    const response = await request(origin).get(`/v1/api/v1/directory?category=${'a'.repeat(17_000)}`).set(owner.auth);
    expect(response.status).toBe(431);
    expectEnvelope(response, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
    expect(response.body.error.message).toBe('The request line and headers together are over 16 KB; send long input in a request body');
    expect(answers.problems('directory', response)).toEqual([]);
  });

  it('answers 431 in the envelope when one header is over 16 KB', async () => {
    const response = await request(origin).get('/v1/health').set('X-Padding', 'p'.repeat(17_000));
    expect(response.status).toBe(431);
    expectEnvelope(response, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
  });

  it.each([
    ['a request line that is not HTTP', 'GARBAGE\r\n\r\n'],
    ['a header without a colon', 'GET /v1/health HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n'],
  ])('answers 400 BAD_REQUEST in the envelope for %s', async (_label, bytes) => {
    const answer = await sendRaw(bytes);
    expect(answer.status).toBe(400);
    expectEnvelope(answer, 'BAD_REQUEST');
    expect(answer.body.error.message).toBe('The request is not valid HTTP/1.1');
    expect(answer.headers.connection).toBe('close');
  });
});

describe('refusals before an operation runs', () => {
  it('answers 414 URI_TOO_LONG, as documented, for a request target over 8 KiB and under 16 KB', async () => {
    const response = await request(origin).get(`/v1/api/v1/directory?category=${'a'.repeat(9_000)}`).set(owner.auth);
    expect(response.status).toBe(414);
    expectEnvelope(response, 'URI_TOO_LONG');
    expect(response.body.error.message).toBe('The request target (path and query) is over 8192 bytes; send long input in a request body');
    expect(answers.problems('directory', response)).toEqual([]);
  });

  it('serves a request target of just under 8 KiB', async () => {
    const path = '/v1/api/v1/directory?category=restaurants&q=';
    const response = await request(origin).get(`${path}${'a'.repeat(8 * 1024 - path.length)}`).set(owner.auth);
    expect(response.status).not.toBe(414);
  });

  it('answers 413 PAYLOAD_TOO_LARGE, as documented, for a JSON body over 1 MB', async () => {
    const response = await request(origin)
      .post('/v1/business/profile')
      .set(owner.auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'Big', category: 'restaurants', description: 'd'.repeat(1_100_000) }));
    expect(response.status).toBe(413);
    expectEnvelope(response, 'PAYLOAD_TOO_LARGE');
    expect(answers.problems('createProfile', response)).toEqual([]);
  });

  it('says which query parameter was repeated, and how often', async () => {
    const response = await request(origin).get('/v1/api/v1/directory?category=restaurants&limit=5&limit=50').set(owner.auth);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'limit: is repeated (2 values); send it once',
      details: { field: 'limit', issue: 'is repeated (2 values); send it once' },
    });
    expect(answers.problems('directory', response)).toEqual([]);
  });

  it('still takes a list parameter as repeated values', async () => {
    const created = await request(origin).post('/v1/business/profile').set(owner.auth).send({ name: 'Repeat Cafe', category: 'cafes' });
    const response = await request(origin).delete(`/v1/business/profile/${created.body.data.id}/blackout-dates?dates=2099-01-01&dates=2099-01-02`).set(owner.auth);
    expect(response.status).toBe(200);
    expect(response.body.data.blackoutDates).toEqual([]);
  });
});
