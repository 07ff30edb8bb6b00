// The MCP server driven by the SDK's own client over Streamable HTTP against the app
// listening on 127.0.0.1: tools listed and called, refusals as tool errors, 401s, and the answers
// recorded for analytics under the client's platform with surface mcp.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { MCP_PROTOCOL_VERSION } from '../../../src/mcp/serverInfo';
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from '../actors';
import { buildTestApp, untilIndexed, type TestApp } from '../testApp';

// Tuesday 10 March 2026, 13:00 in Austin (CDT, UTC-5).
const NOW = '2026-03-10T18:00:00.000Z';
const AUSTIN = { lat: 30.2672, lon: -97.7431 };

let app: TestApp;
let server: Server;
let mcpUrl: URL;
let owner: Actor;
let liveKey: string;
const ids: Record<string, string> = {};
const clients: Client[] = [];

async function publish(key: string, overrides: Record<string, unknown>): Promise<void> {
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody(overrides));
  expect(created.status).toBe(201);
  ids[key] = created.body.data.id;
  expect((await request(app.callback).patch(`/v1/business/profile/${ids[key]}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
}

async function connect(credential: string | undefined, name = 'claude-ai'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  const headers: Record<string, string> = credential ? { Authorization: `Bearer ${credential}` } : {};
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers } }));
  clients.push(client);
  return client;
}

type Structured = Record<string, any>;
async function call(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent?: Structured; content: Array<{ type: string; text: string }> };
}
const errorOf = (result: { content: Array<{ text: string }> }) => JSON.parse(result.content[0].text).error;

beforeAll(async () => {
  app = await buildTestApp({ clock: () => new Date(NOW) });
  owner = await signUp(app, 'mcp-owner');
  liveKey = (await apiKey(app, owner, 'live')).key;
  await publish('sprout', {
    name: 'Sprout Kitchen',
    description: 'Sprout Kitchen serves vegan food made fresh every day from local produce, with seasonal specials.',
    services: [{ name: 'Vegan tasting menu', description: 'Five seasonal courses', pricing: { type: 'fixed', currency: 'USD', amount: 45 }, duration: 60, bookable: true }],
    location: { address: { street: '1400 S Congress Ave', city: 'Austin', state: 'TX', postalCode: '78704', country: 'US' }, coordinates: { lat: 30.2489, lon: -97.7501 } },
  });
  await publish('ladle', {
    name: 'Leaf and Ladle',
    description: 'Leaf and Ladle is a vegan food counter with soups, bowls and fresh bread.',
    location: { address: { street: '500 E 6th St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' }, coordinates: { lat: 30.2676, lon: -97.7386 } },
  });
  expect((await request(app.callback).patch(`/v1/business/profile/${ids.sprout}/exclusive-content`).set(owner.auth).send({ insiderTips: 'Ask for the garden table.' })).status).toBe(200);
  // Tuesday 17 March is a blackout date.
  expect((await request(app.callback).post(`/v1/business/profile/${ids.sprout}/blackout-dates`).set(owner.auth).send({ dates: ['2026-03-17'] })).status).toBe(200);
  await untilIndexed(app);
  server = createServer(app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mcpUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/mcp`);
});

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await app.close();
});

beforeEach(async () => {
  await app.eventRecorder.flush();
  app.recorded.clear();
});

it('lists its tools, each with an input and an output schema and a description', async () => {
  const client = await connect(liveKey);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(['check_open', 'create_booking', 'get_availability', 'get_business', 'list_categories', 'search_businesses']);
  for (const tool of tools) {
    expect(tool.inputSchema.type).toBe('object');
    expect(tool.outputSchema?.type).toBe('object');
    expect(tool.description!.length).toBeGreaterThan(40);
  }
  expect(Object.keys(tools.find((tool) => tool.name === 'search_businesses')!.inputSchema.properties!)).toEqual(
    expect.arrayContaining(['query', 'location', 'radius']),
  );
});

it('lists each tool with a title and the annotations of MCP 2025-11-25 saying what it changes', async () => {
  const client = await connect(liveKey);
  const { tools } = await client.listTools();
  const annotated = Object.fromEntries(tools.map((tool) => [tool.name, { title: tool.title, ...tool.annotations }]));
  const read = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  expect(annotated).toEqual({
    search_businesses: { title: 'Search local businesses', ...read },
    get_business: { title: 'Get a business profile', ...read },
    check_open: { title: 'Check whether a business is open', ...read },
    list_categories: { title: 'List business categories', ...read },
    get_availability: { title: 'Open start times of a service', ...read },
    // Adds a booking (not destructive); a second call without an Idempotency-Key books again (not idempotent).
    create_booking: { title: 'Book a service', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  });
  // The specification the annotations follow is the SDK's newest, which the discovery documents name.
  expect(MCP_PROTOCOL_VERSION).toBe(LATEST_PROTOCOL_VERSION);
  // The SDK's own schema of a tool accepts every one of them.
  for (const tool of tools) expect(ToolSchema.safeParse(tool).success).toBe(true);
});

it('search_businesses answers the consumer search: summary, ids, distance, rating, why they matched', async () => {
  const client = await connect(liveKey);
  const result = await call(client, 'search_businesses', { query: 'vegan food', location: AUSTIN, radius: '10km' });
  expect(result.isError).toBeFalsy();
  const answer = result.structuredContent!;
  expect(answer.total).toBe(2);
  expect(answer.totalIsEstimate).toBe(false);
  expect(answer.businesses.map((b: Structured) => b.id).sort()).toEqual([ids.sprout, ids.ladle].sort());
  const ladle = answer.businesses.find((b: Structured) => b.id === ids.ladle);
  // 500 E 6th St is about 0.4 km from the city centre point; 1400 S Congress about 2.2 km.
  expect(ladle.distanceKm).toBeGreaterThan(0.2);
  expect(ladle.distanceKm).toBeLessThan(0.8);
  expect(answer.businesses.find((b: Structured) => b.id === ids.sprout).distanceKm).toBeGreaterThan(1.5);
  expect(ladle.rating).toBe(0);
  expect(ladle.whyMatched.length).toBeGreaterThan(0);
  expect(answer.businesses.map((b: Structured) => b.matchesQuery)).toEqual([true, true]);
  expect(answer.summary).toContain('Leaf and Ladle');
  expect(answer.sessionId).toMatch(/\S/);
  // The same answer as text for clients that ignore structured content.
  expect(JSON.parse(result.content[0].text)).toEqual(answer);
});

it('search_businesses says what its summary is and links to report it; the link takes a report over REST', async () => {
  const client = await connect(liveKey);
  const result = await call(client, 'search_businesses', { query: 'vegan food', location: AUSTIN, radius: '10km' });
  const { summary, summaryDisclosure } = result.structuredContent!;
  expect(summaryDisclosure).toEqual({
    text: "Summary written by a fixed template (no AI model) on 2026-03-10 from the listed businesses' profiles. Report it if it is wrong.",
    generatedBy: 'template',
    generatedAt: NOW,
    reportUrl: expect.stringMatching(new RegExp(`^${mcpUrl.origin}/v1/summaries/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+/reports$`)),
  });
  const reported = await request(app.callback).post(new URL(summaryDisclosure.reportUrl).pathname).set('Authorization', `Bearer ${liveKey}`).send({ reason: 'outdated', summary });
  expect(reported.status).toBe(201);
  // The summary names both businesses; the report is theirs to read.
  expect([...reported.body.data.businessIds].sort()).toEqual([ids.sprout, ids.ladle].sort());
  expect(reported.body.data.requestId).toMatch(/^req_/);
});

it('get_business returns the published profile with services, prices, hours and exclusive content', async () => {
  const client = await connect(liveKey);
  const result = await call(client, 'get_business', { businessId: ids.sprout });
  expect(result.isError).toBeFalsy();
  const profile = result.structuredContent!;
  expect(profile.name).toBe('Sprout Kitchen');
  expect(profile.services).toEqual([expect.objectContaining({ name: 'Vegan tasting menu', pricing: { type: 'fixed', currency: 'USD', amount: 45 }, bookable: true })]);
  expect(profile.hours.tuesday).toEqual({ open: '11:00', close: '22:00' });
  expect(profile.exclusiveContent).toEqual({ insiderTips: 'Ask for the garden table.' });
  expect(profile.blackoutDates).toEqual(['2026-03-17']);
  expect(profile.timeZone).toBe('America/Chicago');
});

it('check_open reads the weekly hours in the business zone and honours blackout dates', async () => {
  const client = await connect(liveKey);
  const at = async (localTime?: string) => (await call(client, 'check_open', { businessId: ids.sprout, ...(localTime && { localTime }) })).structuredContent!;
  // Now: Tuesday 13:00 in Austin.
  expect(await at()).toEqual({
    businessId: ids.sprout, name: 'Sprout Kitchen', timeZone: 'America/Chicago', localTime: '2026-03-10T13:00', weekday: 'tuesday',
    open: true, blackoutDate: false, hoursThatDay: { open: '11:00', close: '22:00' }, closure: null, reopensOn: null,
  });
  expect(await at('2026-03-10T10:59')).toMatchObject({ open: false, blackoutDate: false });
  expect(await at('2026-03-15T12:00')).toMatchObject({ weekday: 'sunday', open: false, hoursThatDay: { closed: true } });
  expect(await at('2026-03-17T12:00')).toMatchObject({ weekday: 'tuesday', open: false, blackoutDate: true, hoursThatDay: { open: '11:00', close: '22:00' } });
});

it('check_open takes an instant with an offset and reads it on the business\'s own clock', async () => {
  const client = await connect(liveKey);
  const at = async (localTime: string) => (await call(client, 'check_open', { businessId: ids.sprout, localTime })).structuredContent!;
  // Chicago is UTC-5 in March (daylight time from the 8th): 15:59Z is 10:59 there, closed; 16:00Z opens.
  expect(await at('2026-03-10T15:59:00Z')).toMatchObject({ localTime: '2026-03-10T10:59', weekday: 'tuesday', open: false });
  expect(await at('2026-03-10T16:00:00Z')).toMatchObject({ localTime: '2026-03-10T11:00', open: true });
  // The same instant written with another offset, and an instant whose local day is the day before.
  expect(await at('2026-03-10T21:30+05:30')).toMatchObject({ localTime: '2026-03-10T11:00', open: true });
  expect(await at('2026-03-16T03:30:00.000Z')).toMatchObject({ localTime: '2026-03-15T22:30', weekday: 'sunday', open: false });
  const impossible = await call(client, 'check_open', { businessId: ids.sprout, localTime: '2026-03-10T25:00Z' });
  expect(errorOf(impossible)).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'localTime' } });
  const farOffset = await call(client, 'check_open', { businessId: ids.sprout, localTime: '2026-03-10T12:00+19:00' });
  expect(errorOf(farOffset)).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'localTime' } });
});

it('list_categories names the kinds search understands, with their taxonomy keys and version', async () => {
  const client = await connect(liveKey);
  const { categories, taxonomyVersion } = (await call(client, 'list_categories', {})).structuredContent!;
  expect(taxonomyVersion).toMatch(/^id-tagging-schema@/);
  expect(categories).toEqual(expect.arrayContaining([expect.objectContaining({ category: 'Restaurant', key: 'amenity/restaurant', alsoCalled: expect.arrayContaining(['eatery']) })]));
  expect(categories).toEqual(expect.arrayContaining([expect.objectContaining({ category: 'Dentist', key: 'amenity/dentist', alsoCalled: expect.arrayContaining(['dental clinic']) })]));
});

it('reads a profile as the business://{id} resource', async () => {
  const client = await connect(liveKey);
  const { contents } = await client.readResource({ uri: `business://${ids.ladle}` });
  expect(contents[0].mimeType).toBe('application/json');
  expect(JSON.parse((contents[0] as { text: string }).text)).toMatchObject({ id: ids.ladle, name: 'Leaf and Ladle' });
});

it('an unknown business:// id, or another account\'s draft, is -32002 Resource not found (issue 30)', async () => {
  const client = await connect(liveKey);
  const unknown = await client.readResource({ uri: 'business://biz_doesnotexist0000' }).then(() => null, (error: { code: number; message: string; data: unknown }) => error);
  expect(unknown).toMatchObject({ code: -32002, data: { uri: 'business://biz_doesnotexist0000', code: 'PROFILE_NOT_FOUND' } });
  const draft = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name: 'Unpublished Diner' }));
  const stranger = await apiKey(app, await signUp(app, 'mcp-resource-stranger'), 'live');
  const other = await connect(stranger.key);
  const hidden = await other.readResource({ uri: `business://${draft.body.data.id}` }).then(() => null, (error: { code: number }) => error);
  expect(hidden).toMatchObject({ code: -32002 });
});

describe('resources/list', () => {
  it('lists the caller\'s own profiles, drafts included, 50 a page with the protocol\'s cursor, and nobody else\'s', async () => {
    const lister = await signUp(app, 'mcp-lister');
    const key = await apiKey(app, lister, 'live');
    const sandbox = await apiKey(app, lister, 'test');
    const own: string[] = [];
    for (let i = 0; i < 52; i += 1) {
      const created = await request(app.callback).post('/v1/business/profile').set(key.auth).send({ name: `Lister Bakery ${i}`, category: 'bakery' });
      expect(created.status).toBe(201);
      own.push(created.body.data.id);
    }
    expect((await request(app.callback).post('/v1/business/profile').set(sandbox.auth).send({ name: 'Sandbox Bakery', category: 'bakery' })).status).toBe(201);

    const client = await connect(key.key);
    const first = await client.listResources();
    expect(first.resources).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await client.listResources({ cursor: first.nextCursor });
    expect(second.resources).toHaveLength(2);
    expect(second.nextCursor).toBeUndefined();
    const listed = [...first.resources, ...second.resources];
    expect(listed.map((resource) => resource.uri)).toEqual(own.map((id) => `business://${id}`));
    expect(listed[0]).toEqual({ uri: `business://${own[0]}`, name: own[0], title: 'Lister Bakery 0', description: 'Your business profile (draft)', mimeType: 'application/json' });
    // A listed draft is readable by the same caller.
    const { contents } = await client.readResource({ uri: listed[51].uri });
    expect(JSON.parse((contents[0] as { text: string }).text)).toMatchObject({ id: own[51], name: 'Lister Bakery 51', status: 'draft' });

    // The sandbox key lists the sandbox profile only; another account, none of these.
    const inSandbox = await (await connect(sandbox.key)).listResources();
    expect(inSandbox.resources.map((resource) => resource.title)).toEqual(['Sandbox Bakery']);
    const stranger = await apiKey(app, await signUp(app, 'mcp-list-stranger'), 'live');
    expect(await (await connect(stranger.key)).listResources()).toEqual({ resources: [] });
  });

  it('answers a cursor it did not issue with -32602 Invalid params', async () => {
    const client = await connect(liveKey);
    const refused = await client.listResources({ cursor: 'not-a-cursor' }).then(() => null, (error: { code: number; data: unknown }) => error);
    expect(refused).toMatchObject({ code: -32602, data: { code: 'VALIDATION_ERROR', details: { field: 'cursor' } } });
  });
});

describe('bookings', () => {
  it('get_availability lists the open hours of a bookable service; create_booking books one (write:bookings)', async () => {
    const key = await apiKey(app, owner, 'live', ['read:businesses', 'read:bookings', 'write:bookings']);
    const client = await connect(key.key);
    const profile = (await call(client, 'get_business', { businessId: ids.sprout })).structuredContent!;
    const serviceId = profile.services[0].id;
    // Monday 16 March: open 11:00-22:00, one-hour slots from 11:00 to 21:00.
    const availability = await call(client, 'get_availability', { businessId: ids.sprout, serviceId, from: '2026-03-16', to: '2026-03-16' });
    expect(availability.isError).toBeFalsy();
    const slots = availability.structuredContent!.slots as Array<{ start: string; remaining: number }>;
    expect(slots.map((slot) => slot.start.slice(11, 16))).toEqual(['11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
    expect(slots[0].start.startsWith('2026-03-16T11:00')).toBe(true);

    const booked = await call(client, 'create_booking', { businessId: ids.sprout, serviceId, start: slots[0].start, customer: { name: 'Ana Diaz', email: 'ana@example.com' } });
    expect(booked.isError).toBeFalsy();
    expect(booked.structuredContent).toMatchObject({ id: expect.stringMatching(/^bkg_/), businessId: ids.sprout, serviceId, status: 'pending', customer: { name: 'Ana Diaz', email: 'ana@example.com' } });
    // The slot is taken (capacity 1), and booking it again is the service's own 409 code.
    const after = await call(client, 'get_availability', { businessId: ids.sprout, serviceId, from: '2026-03-16', to: '2026-03-16' });
    expect(after.structuredContent!.slots).toHaveLength(10);
    const again = await call(client, 'create_booking', { businessId: ids.sprout, serviceId, start: slots[0].start, customer: { name: 'Bo', phone: '+15125550100' } });
    expect(errorOf(again).code).toBe('SLOT_UNAVAILABLE');
    const noContact = await call(client, 'create_booking', { businessId: ids.sprout, serviceId, start: slots[1].start, customer: { name: 'Bo' } });
    expect(errorOf(noContact).code).toBe('VALIDATION_ERROR');
  });

  it('each booking tool checks its own scope', async () => {
    const key = await apiKey(app, owner, 'live', ['read:businesses']);
    const client = await connect(key.key);
    const availability = await call(client, 'get_availability', { businessId: ids.sprout, serviceId: 'svc_notaservice0' });
    expect(errorOf(availability)).toMatchObject({ code: 'FORBIDDEN', details: { requiredScope: 'read:bookings' } });
    const booking = await call(client, 'create_booking', { businessId: ids.sprout, serviceId: 'svc_notaservice0', start: '2026-03-16T11:00:00-05:00', customer: { name: 'Bo', email: 'bo@example.com' } });
    expect(errorOf(booking)).toMatchObject({ code: 'FORBIDDEN', details: { requiredScope: 'write:bookings' } });
  });
});

describe('refusals are tool errors the model can read, and the session keeps working', () => {
  it('arguments outside the input schema', async () => {
    const client = await connect(liveKey);
    const wrongType = await call(client, 'search_businesses', { query: 42 });
    expect(wrongType.isError).toBe(true);
    expect(wrongType.content[0].text).toMatch(/query/);
    // Within the zod shape, refused by the REST route's own schema, with its field and issue.
    const zeroRadius = await call(client, 'search_businesses', { query: 'vegan', location: AUSTIN, radius: '0km' });
    expect(zeroRadius.isError).toBe(true);
    expect(errorOf(zeroRadius)).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'location.distance' } });
    const badTime = await call(client, 'check_open', { businessId: ids.sprout, localTime: '2026-02-30T10:00' });
    expect(errorOf(badTime)).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'localTime' } });
    const unknown = await call(client, 'get_business', { businessId: 'biz_doesnotexist0000' });
    expect(errorOf(unknown).code).toBe('PROFILE_NOT_FOUND');
    expect((await call(client, 'list_categories', {})).isError).toBeFalsy();
  });


  it('a draft of another account is not readable', async () => {
    const other = await signUp(app, 'mcp-other');
    const draft = await request(app.callback).post('/v1/business/profile').set(other.auth).send(completeProfileBody());
    const client = await connect(liveKey);
    expect(errorOf(await call(client, 'get_business', { businessId: draft.body.data.id })).code).toBe('FORBIDDEN');
  });
});

describe('credentials', () => {
  it('no credential: 401 with WWW-Authenticate, and the SDK client cannot connect', async () => {
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
    });
    expect(response.status).toBe(401);
    // MCP authorization: the challenge names the RFC 9728 metadata, which names our authorization server.
    expect(response.headers.get('www-authenticate')).toBe('Bearer resource_metadata="http://localhost:8080/.well-known/oauth-protected-resource/v1"');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    await expect(connect(undefined)).rejects.toThrow(/401|Unauthorized/i);
  });

  it('a key without read:businesses (the scope of every tool): 403 naming the scope', async () => {
    const narrow = await apiKey(app, owner, 'live', ['read:analytics']);
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${narrow.key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="read:businesses"');
    expect(((await response.json()) as { error: { details: unknown } }).error.details).toMatchObject({ requiredScope: 'read:businesses' });
  });

  it('a key revoked mid-session is refused on its next call', async () => {
    const key = await apiKey(app, owner, 'live');
    const client = await connect(key.key);
    expect((await call(client, 'list_categories', {})).isError).toBeFalsy();
    expect((await request(app.callback).delete(`/v1/auth/api-keys/${key.id}`).set(owner.auth)).status).toBe(200);
    await expect(call(client, 'list_categories', {})).rejects.toThrow(/401|revoked|Unauthorized/i);
  });

  it('a session belongs to the account that opened it', async () => {
    const client = await connect(liveKey);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
    const stranger = await signUp(app, 'mcp-stranger');
    const strangerKey = await apiKey(app, stranger, 'live');
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${strangerKey.key}`, 'Mcp-Session-Id': sessionId, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(response.status).toBe(404);
  });
});

it('records each answer under the MCP client platform with surface mcp, and upstream-metrics counts them', async () => {
  const client = await connect(liveKey, 'ChatGPT');
  const searched = await call(client, 'search_businesses', { query: 'vegan food', location: AUSTIN, radius: '10km' });
  await call(client, 'get_business', { businessId: ids.ladle });
  await app.eventRecorder.flush();
  const events = app.recorded.stored;
  const order = searched.structuredContent!.businesses.map((b: Structured) => b.id);
  const impressions = events.filter((event) => event.type === 'impression');
  expect(impressions.map(({ businessId, position, platform, surface }) => ({ businessId, position, platform, surface }))).toEqual([
    { businessId: order[0], position: 1, platform: 'chatgpt', surface: 'mcp' },
    { businessId: order[1], position: 2, platform: 'chatgpt', surface: 'mcp' },
    { businessId: ids.ladle, position: 1, platform: 'chatgpt', surface: 'mcp' },
  ]);
  expect(impressions[0].journeyId).toBe(searched.structuredContent!.sessionId);

  // The business's own numbers for the day, under this client's platform: its two impressions here.
  const metrics = await request(app.callback).get(`/v1/analytics/upstream-metrics?businessId=${ids.ladle}&startDate=2026-03-10&endDate=2026-03-10&platform=chatgpt`).set(owner.auth);
  expect(metrics.status).toBe(200);
  expect(metrics.body.metrics.impressions).toBe(2);
  expect(metrics.body.platforms).toEqual([expect.objectContaining({ name: 'chatgpt', impressions: 2 })]);
});
