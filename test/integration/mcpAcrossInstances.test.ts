// MCP sessions across API instances: two app instances on one store listen on their
// own ports, and the SDK's own client sends each of its requests to the other one in turn.
// With the sessions in Redis, initialize on one instance and tool calls on the other work, the
// answers are attributed to the platform named in initialize, and DELETE on either ends the
// session for both. With sessions in each process (no Redis), the second request is a 404.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type Redis from 'ioredis';
import request from 'supertest';
import { createRedisClient, redisReady } from '../../src/adapters/redis/redisClient';
import { createRedisMcpSessions } from '../../src/adapters/redis/redisMcpSessions';
import { createLogger } from '../../src/logger';
import { apiKey, completeProfileBody, signUp } from '../http/actors';
import { buildAnotherInstance, buildTestApp, untilIndexed, type TestApp } from '../http/testApp';
import { startRedis, type RedisHarness } from '../harness/redis';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let harness: RedisHarness;
let redis: Redis;
let first: TestApp;
const servers: Server[] = [];
let key: string;

async function listen(app: TestApp): Promise<string> {
  const server = createServer(app.callback);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The SDK client, each request sent to the next origin in turn (a round-robin load balancer). */
function roundRobinClient(origins: string[], name: string): { client: Client; served: string[]; transport: StreamableHTTPClientTransport } {
  const served: string[] = [];
  let turn = 0;
  const alternate: typeof fetch = (input, init) => {
    const origin = origins[turn++ % origins.length];
    const method = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }).method : undefined;
    served.push(`${init?.method ?? 'GET'} ${method ?? '-'} -> ${origin}`);
    const url = new URL(input instanceof Request ? input.url : String(input));
    return fetch(`${origin}${url.pathname}${url.search}`, init);
  };
  const transport = new StreamableHTTPClientTransport(new URL(`${origins[0]}/v1/mcp`), { fetch: alternate, requestInit: { headers: { Authorization: `Bearer ${key}` } } });
  return { client: new Client({ name, version: '1.0.0' }), served, transport };
}

beforeAll(async () => {
  harness = teardown.adopt(await startRedis(), (engine) => engine.stop());
  redis = teardown.adopt(createRedisClient(harness.url, { logger: createLogger('silent') }), (client) => client.disconnect());
  await redisReady(redis, 10_000);
  first = teardown.adopt(await buildTestApp({ mcpSessions: createRedisMcpSessions({ redis, keyPrefix: 'across:' }) }), (opened) => opened.close());
  teardown.defer(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  const owner = await signUp(first, 'mcp-fleet');
  key = (await apiKey(first, owner, 'live')).key;
  const created = await request(first.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name: 'Fleet Bakery' }));
  expect((await request(first.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
  await untilIndexed(first);
}, 60_000);

afterAll(() => teardown.disposeAsync());

it('with sessions in Redis, initialize on one instance and tool calls on the other succeed, attributed to the client', async () => {
  const second = buildAnotherInstance(first, { mcpSessions: createRedisMcpSessions({ redis, keyPrefix: 'across:' }) });
  const origins = [await listen(first), await listen(second)];
  const { client, served, transport } = roundRobinClient(origins, 'ChatGPT');
  await client.connect(transport);
  await first.eventRecorder.flush();
  first.recorded.clear();
  const found = await client.callTool({ name: 'search_businesses', arguments: { query: 'plant-based bowls and tacos', location: { lat: 30.2672, lon: -97.7431 }, radius: '10km' } });
  expect(found.isError).toBeFalsy();
  expect((found.structuredContent as { businesses: Array<{ name: string }> }).businesses.map((business) => business.name)).toEqual(['Fleet Bakery']);
  const categories = await client.callTool({ name: 'list_categories', arguments: {} });
  expect(categories.isError).toBeFalsy();
  // Each request went to the other instance than the one before (the client's GET for a server
  // stream is answered 405 and not retried): both served the one session.
  const [a, b] = origins;
  expect(served).toEqual([`POST initialize -> ${a}`, `POST notifications/initialized -> ${b}`, `GET - -> ${a}`, `POST tools/call -> ${b}`, `POST tools/call -> ${a}`]);
  await first.eventRecorder.flush();
  expect(first.recorded.stored.filter((event) => event.type === 'impression').map((event) => [event.platform, event.surface])).toEqual([['chatgpt', 'mcp']]);

  const sessionId = transport.sessionId as string;
  await transport.terminateSession();
  for (const origin of origins) {
    const after = await fetch(`${origin}/v1/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Mcp-Session-Id': sessionId, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(after.status).toBe(404);
  }
});

it('with sessions kept in each process, the other instance does not know the session', async () => {
  const alone = buildAnotherInstance(first);
  const origins = [await listen(alone), await listen(buildAnotherInstance(first))];
  const { client, transport } = roundRobinClient(origins, 'claude-ai');
  await expect(client.connect(transport)).rejects.toThrow(/404|Session not found/);
});

it('two clients interleaving on the same instances each keep their own platform (servers are reused between requests)', async () => {
  const second = buildAnotherInstance(first, { mcpSessions: createRedisMcpSessions({ redis, keyPrefix: 'across:' }) });
  const origins = [await listen(first), await listen(second)];
  const chatgpt = roundRobinClient(origins, 'ChatGPT');
  const claude = roundRobinClient(origins, 'claude-ai');
  await chatgpt.client.connect(chatgpt.transport);
  await claude.client.connect(claude.transport);
  await first.eventRecorder.flush();
  first.recorded.clear();
  const search = { name: 'search_businesses', arguments: { query: 'plant-based bowls and tacos', location: { lat: 30.2672, lon: -97.7431 }, radius: '10km' } };
  for (let round = 0; round < 2; round += 1) {
    await chatgpt.client.callTool(search);
    await claude.client.callTool(search);
  }
  await first.eventRecorder.flush();
  expect(first.recorded.stored.filter((event) => event.type === 'impression').map((event) => event.platform)).toEqual(['chatgpt', 'claude', 'chatgpt', 'claude']);
  await chatgpt.client.close();
  await claude.client.close();
});
