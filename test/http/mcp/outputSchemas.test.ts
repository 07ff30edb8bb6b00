// Every MCP tool's structured output validates against the output schema it lists, as
// the official SDK client checks it: listTools() turns the client's validation on, after which
// callTool throws on an answer that does not match. Driven over Streamable HTTP against a fully
// populated profile (every pricing kind, hours, blackout dates, exclusive content, media, reviews)
// and a minimal one, and checked a second time with ajv against the listed schema, so a client that
// skipped validation could not make this pass.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { apiKey, signUp, type Actor } from '../actors';
import { buildTestApp, untilIndexed, type TestApp } from '../testApp';
import { populatedBusiness, type PopulatedBusiness } from '../../support/populatedBusiness';

// Tuesday 10 March 2026, 13:00 in Austin (CDT, UTC-5).
const NOW = '2026-03-10T18:00:00.000Z';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let app: TestApp;
let server: Server;
let baseUrl: string;
let owner: Actor;
let key: string;
let full: PopulatedBusiness;
let minimalId: string;
let client: Client;
let tools: Map<string, Tool>;

beforeAll(async () => {
  app = teardown.adopt(await buildTestApp({ clock: () => new Date(NOW) }), (opened) => opened.close());
  server = createServer(app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  teardown.defer(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  owner = await signUp(app, 'mcp-schemas-owner');
  key = (await apiKey(app, owner, 'live')).key;
  const reviewers = await Promise.all(['ana', 'ben', 'cy'].map((name) => signUp(app, name)));
  full = await populatedBusiness(baseUrl, owner.token, reviewers.map((reviewer) => reviewer.token), ['2026-12-25', '2027-01-01']);
  const minimal = await request(app.callback).post('/v1/business/profile').set(owner.auth).send({
    name: 'Quiet Noodle Stand',
    category: 'restaurants',
    description: 'A noodle stand with one bench and a short menu of cold noodles for the summer.',
    location: { address: { city: 'Austin', country: 'US' }, coordinates: { lat: 30.27, lon: -97.75 } },
    contact: { email: 'stand@quiet.example' },
    hours: { saturday: { open: '12:00', close: '15:00' } },
  });
  minimalId = minimal.body.data.id;
  expect((await request(app.callback).patch(`/v1/business/profile/${minimalId}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
  await untilIndexed(app);

  client = teardown.adopt(new Client({ name: 'schema-checking-client', version: '1.0.0' }), (opened) => opened.close().catch(() => undefined));
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  // Lists the tools: from here on the client validates every structuredContent against its tool's outputSchema.
  tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
});

afterAll(() => teardown.disposeAsync());

const draft2020 = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const draft7 = addFormats(new Ajv({ strict: false, allErrors: true }));

/** Calls through the SDK client (which validates) and validates again with ajv against the listed schema. */
async function validCall(name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent?: Record<string, unknown>; content: Array<{ text: string }> };
  expect(result.isError ? result.content[0].text : 'no error').toBe('no error');
  const schema = tools.get(name)!.outputSchema as Record<string, unknown>;
  const validate = (String(schema.$schema ?? '').includes('2020-12') ? draft2020 : draft7).compile(schema);
  const valid = validate(result.structuredContent);
  expect(valid ? 'valid' : validate.errors).toBe('valid');
  return result.structuredContent as Record<string, any>;
}

it('get_business: the full profile, every optional part present, matches the listed schema', async () => {
  const profile = await validCall('get_business', { businessId: full.id });
  // The parts a hand-written schema left out, and every optional part, are really in the answer.
  expect(Object.keys(profile).sort()).toEqual(
    ['aiVisibilityScore', 'blackoutDates', 'category', 'categoryKeys', 'categoryTaxonomy', 'contact', 'createdAt', 'description', 'exclusiveContent', 'exclusiveScores', 'hours', 'id', 'lastVerifiedAt', 'lastVerifiedBy', 'location', 'media', 'name', 'operatingStatus', 'publicPage', 'services', 'status', 'tagline', 'timeZone', 'trust', 'updatedAt'],
  );
  expect(profile.services.map((service: { pricing?: { type: string } }) => service.pricing?.type ?? 'quote')).toEqual(['fixed', 'range', 'hourly', 'quote']);
  expect(profile.media.logo).toMatch(/^\/v1\/media\/med_/);
  expect(profile.media.photos).toHaveLength(1);
  expect(profile.trust).toMatchObject({ averageRating: 4, totalReviews: 3 });
  expect(profile.blackoutDates).toEqual(['2026-12-25', '2027-01-01']);
  expect(profile.hours.friday).toEqual({ open: '18:00', close: '02:00' });
});

it('get_business: a minimal profile (no tagline, phone, services or media) matches too', async () => {
  const profile = await validCall('get_business', { businessId: minimalId });
  expect(profile.services).toEqual([]);
  expect(profile.contact).toEqual({ email: 'stand@quiet.example' });
});

it('search_businesses, with and without a location, matches its schema', async () => {
  const near = await validCall('search_businesses', { query: 'noodles', location: { lat: 30.26, lon: -97.74 }, radius: '20km' });
  expect(near.businesses.map((business: { id: string }) => business.id).sort()).toEqual([full.id, minimalId].sort());
  expect(near.businesses.every((business: { distanceKm?: number }) => typeof business.distanceKm === 'number')).toBe(true);
  const anywhere = await validCall('search_businesses', { query: 'noodles' });
  expect(anywhere.total).toBe(2);
});

it('check_open: open, closed, past midnight and a blackout date match the schema', async () => {
  expect(await validCall('check_open', { businessId: full.id })).toMatchObject({ open: true, weekday: 'tuesday' });
  // Saturday 01:30 is inside Friday's 18:00-02:00.
  expect(await validCall('check_open', { businessId: full.id, localTime: '2026-03-14T01:30' })).toMatchObject({ open: true, weekday: 'saturday' });
  expect(await validCall('check_open', { businessId: full.id, localTime: '2026-03-15T12:00' })).toMatchObject({ open: false, hoursThatDay: { closed: true } });
  expect(await validCall('check_open', { businessId: full.id, localTime: '2026-12-25T12:00' })).toMatchObject({ open: false, blackoutDate: true });
  expect(await validCall('check_open', { businessId: minimalId, localTime: '2026-03-16T12:00' })).toMatchObject({ open: false, hoursThatDay: null });
});

it('list_categories matches its schema', async () => {
  expect((await validCall('list_categories', {})).categories.length).toBeGreaterThan(5);
});

it('get_availability and create_booking match the REST response schemas they declare', async () => {
  const availability = await validCall('get_availability', { businessId: full.id, serviceId: full.bookableServiceId, from: '2026-03-16', to: '2026-03-16' });
  // Monday 16 March, 11:00-22:00, two-hour class: starts at 11, 13, 15, 17 and 19 (a class from 21:00 would end after closing).
  expect(availability.slots.map((slot: { start: string }) => slot.start.slice(11, 16))).toEqual(['11:00', '13:00', '15:00', '17:00', '19:00']);
  const booking = await validCall('create_booking', {
    businessId: full.id,
    serviceId: full.bookableServiceId,
    start: availability.slots[0].start,
    customer: { name: 'Dana Diner', email: 'dana@example.com', phone: '+15125550123' },
    notes: 'Two of us, one vegetarian',
  });
  expect(booking).toMatchObject({ status: 'pending', price: { amount: 65, currency: 'USD' }, serviceName: 'Noodle-making class' });
});

it('the business:// resource is the same profile get_business answers', async () => {
  const resource = await client.readResource({ uri: `business://${full.id}` });
  const profile = await validCall('get_business', { businessId: full.id });
  expect(JSON.parse((resource.contents[0] as { text: string }).text)).toEqual(profile);
});
