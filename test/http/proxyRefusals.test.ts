// Behind the load balancer of a deployment with several instances (HAProxy, configured by
// scripts/fleet/haproxyConfig.ts as docker-compose and `npm run fleet` run it), what the proxy
// answers itself is the API's error envelope, as the OpenAPI document promises for every
// operation: an instance that stops while answering (502), no instance up (503), an instance that
// does not answer in time (504). A request head over Node's 16 KB passes the proxy and the API
// answers it (431). Real HAProxy processes on loopback; the instances are the test app, a stand-in
// for one that dies mid-request or hangs, and a closed port.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { haproxyConfig } from '../../scripts/fleet/haproxyConfig';
import { answerClientErrors } from '../../src/http/clientErrors';
import { spawnEngine, waitUntilReady, type EngineProcess } from '../harness/engineProcess';
import { findBinary } from '../harness/findBinary';
import { freePort } from '../harness/freePort';
import { signUp, type Actor } from './actors';
import { documentedAnswers, type DocumentedAnswers } from './openapiConformance/documentedAnswers';
import { buildTestApp, type TestApp } from './testApp';

const HOST = '127.0.0.1';
const dir = mkdtempSync(join(tmpdir(), 'bdapi-proxy-'));
const proxies: EngineProcess[] = [];
const servers: Server[] = [];
let app: TestApp;
let owner: Actor;
let answers: DocumentedAnswers;

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, HOST, listening));
  return `${HOST}:${(server.address() as AddressInfo).port}`;
}

/** HAProxy in front of one instance at `address`, as the fleet configures it; resolves with its origin once it answers. */
async function proxyTo(name: string, address: string, serverTimeoutSeconds?: number): Promise<string> {
  const haproxy = findBinary('haproxy');
  if (!haproxy) throw new Error('haproxy is not installed (apt-get install -y haproxy)');
  const port = await freePort(HOST);
  const file = join(dir, `${name}.cfg`);
  writeFileSync(file, haproxyConfig({ bind: `${HOST}:${port}`, servers: { kind: 'listed', servers: [{ name: 'api-1', address }] }, serverTimeoutSeconds }));
  const proxy = spawnEngine(`haproxy-${name}`, haproxy, ['-f', file, '-db']);
  proxies.push(proxy);
  const origin = `http://${HOST}:${port}`;
  // Any answer means it listens (a proxy with no instance answers too: 503).
  await waitUntilReady(proxy, async () => (await fetch(`${origin}/v1/health`)).status > 0, 30_000);
  return origin;
}

/** A stand-in instance: healthy to the proxy's checks; any other request it drops (it died) or never answers (it hangs). */
function failingInstance(): Server {
  return createServer((req, res) => {
    if (req.url === '/v1/health') res.end('{}');
    else if (req.url?.startsWith('/v1/business/profile')) req.socket.destroy();
    // Anything else hangs until the proxy gives up on it.
  });
}

function expectEnvelope(response: request.Response, code: string): void {
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.body).toEqual({
    success: false,
    error: { code, message: expect.any(String) },
    meta: { timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/), requestId: response.headers['x-request-id'] },
  });
  expect(response.headers['x-request-id']).toMatch(/^req_[0-9a-f-]{36}$/);
}

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'proxy-refusals');
  answers = documentedAnswers((await request(app.callback).get('/v1/openapi.json')).body);
});
afterAll(async () => {
  for (const proxy of proxies) await proxy.stop(5_000);
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  }
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('through the proxy to a live instance', () => {
  let origin: string;
  beforeAll(async () => {
    const api = createServer(app.callback);
    answerClientErrors(api);
    origin = await proxyTo('live', await listen(api));
  }, 60_000);

  it('passes requests on (the rotation names the instance)', async () => {
    const response = await request(origin).get('/v1/health');
    expect(response.status).toBe(200);
    expect(response.headers['x-served-by']).toBe('api-1');
  });

  it('passes a head over Node\'s 16 KB on, and the API answers 431 in the envelope', async () => {
    const response = await request(origin).get('/v1/health').set('X-Padding', 'p'.repeat(20_000));
    expect(response.status).toBe(431);
    expect(response.body.error).toEqual({ code: 'REQUEST_HEADER_FIELDS_TOO_LARGE', message: 'The request line and headers together are over 16 KB; send long input in a request body' });
    expect(response.headers['x-served-by']).toBe('api-1');
  });
});

describe('what the proxy answers itself', () => {
  it('answers 502 BAD_GATEWAY in the envelope, with Retry-After, when the instance dies while answering', async () => {
    const origin = await proxyTo('dying', await listen(failingInstance()));
    const response = await request(origin).post('/v1/business/profile').set(owner.auth).set('Idempotency-Key', 'proxy-502').send({ name: 'Proxy Bakery', category: 'bakery' });
    expect(response.status).toBe(502);
    expectEnvelope(response, 'BAD_GATEWAY');
    expect(response.body.error.message).toBe('The API instance handling the request stopped before it answered; retry, with the same Idempotency-Key for a write');
    expect(response.headers['retry-after']).toBe('1');
    expect(answers.problems('createProfile', response)).toEqual([]);
  }, 60_000);

  it('answers 504 GATEWAY_TIMEOUT in the envelope when the instance does not answer in time', async () => {
    const origin = await proxyTo('hanging', await listen(failingInstance()), 1);
    const response = await request(origin).get('/v1/api/v1/directory?category=bakery').set(owner.auth);
    expect(response.status).toBe(504);
    expectEnvelope(response, 'GATEWAY_TIMEOUT');
    expect(response.headers['retry-after']).toBe('1');
    expect(answers.problems('directory', response)).toEqual([]);
  }, 60_000);

  it('answers 503 SERVICE_UNAVAILABLE in the envelope when no instance is up', async () => {
    const origin = await proxyTo('empty', `${HOST}:${await freePort(HOST)}`);
    const response = await request(origin).get('/v1/api/v1/directory?category=bakery').set(owner.auth);
    expect(response.status).toBe(503);
    expectEnvelope(response, 'SERVICE_UNAVAILABLE');
    expect(response.body.error.message).toBe('No API instance is available; retry later');
    expect(response.headers['retry-after']).toBe('1');
    expect(answers.problems('directory', response)).toEqual([]);
  }, 60_000);
});
