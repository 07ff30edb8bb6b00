// MCP and GraphQL count in the REST rate-limit areas: MCP tools/call in `search` (not
// initialize or tools/list), GraphQL each field's area once per request; over the limit both
// refuse with 429 RATE_LIMITED and Retry-After.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import request from 'supertest';
import { RateLimitedError } from '../../../src/domain/errors';
import type { RateLimitArea } from '../../../src/domain/rateLimitTiers';
import { signUp, type Actor } from '../actors';
import { buildTestApp, type TestApp } from '../testApp';

let app: TestApp;
let server: Server;
let owner: Actor;
const counted: RateLimitArea[] = [];
let refuse = false;

// Counts each area and, when `refuse` is set, answers as an exhausted limit does. Only MCP and
// GraphQL calls are made between beforeEach's reset and the assertions.
const rateLimits = async (_principal: unknown, area: RateLimitArea) => {
  counted.push(area);
  if (refuse) throw new RateLimitedError(`Rate limit of 1 requests per minute for the ${area} area exceeded`, 42);
  return { allowed: true, limit: 1000, remaining: 999, resetAtSeconds: 0, retryAfterSeconds: 0 };
};

beforeAll(async () => {
  app = await buildTestApp({ rateLimits });
  owner = await signUp(app, 'limits-owner');
  server = createServer(app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await app.close();
});
beforeEach(() => {
  counted.length = 0;
  refuse = false;
});

it('MCP: only tools/call counts, in the search area; over the limit the call is refused with 429', async () => {
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/mcp`);
  const client = new Client({ name: 'gemini-cli', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: owner.auth } }));
  try {
    await client.listTools();
    expect(counted).toEqual([]);
    await client.callTool({ name: 'list_categories', arguments: {} });
    expect(counted).toEqual(['search']);
    refuse = true;
    await expect(client.callTool({ name: 'list_categories', arguments: {} })).rejects.toThrow(/RATE_LIMITED/);
  } finally {
    refuse = false;
    await client.close();
  }
});

it('GraphQL: each area a query touches counts once; over the limit 429 with Retry-After in the errors shape', async () => {
  const query = '{ a: search(query: "tea") { total } b: search(query: "cake") { total } myBusinesses { total } }';
  const ok = await request(app.callback).post('/v1/graphql').set(owner.auth).send({ query });
  expect(ok.body.errors).toBeUndefined();
  expect([...counted].sort()).toEqual(['general', 'search']);
  refuse = true;
  const refused = await request(app.callback).post('/v1/graphql').set(owner.auth).send({ query: '{ myBusinesses { total } }' });
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toBe('42');
  expect(refused.body.errors[0].extensions).toEqual({ code: 'RATE_LIMITED' });
});
