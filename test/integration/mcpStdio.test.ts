// `npm run mcp:stdio`: the SDK's own client starts the stdio server on the DATA_DIR of a
// running API, lists the tools (which turns its output validation on) and calls each on a fully
// populated profile; a bad MCP_API_KEY ends the process with its reason.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startApiServer, type ApiServer } from '../harness/apiServer';
import { TYPESCRIPT_ENTRY } from '../harness/typescriptEntry';
import { populatedBusiness, type PopulatedBusiness } from '../support/populatedBusiness';

const ROOT = resolve(__dirname, '../..');
const TSX = TYPESCRIPT_ENTRY;
const run = promisify(execFile);

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let api: ApiServer;
let key: string;
let business: PopulatedBusiness;

async function json(path: string, init: RequestInit & { token?: string } = {}): Promise<any> {
  const response = await fetch(`${api.url}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.token && { Authorization: `Bearer ${init.token}` }) },
  });
  return response.json();
}

/** A new account's JWT access token. */
async function signUp(name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}.${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  await json('/auth/register', { method: 'POST', body: JSON.stringify({ email, password, name }) });
  return (await json('/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) })).data.accessToken;
}

/** Local date `days` from now (UTC is within a day of Austin: the dates stay inside the two-year horizon). */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  api = teardown.adopt(await startApiServer(), (server) => server.stop());
  const token = await signUp('Stdio Owner');
  key = (await json('/auth/api-keys', { method: 'POST', token, body: JSON.stringify({ name: 'desktop', environment: 'live' }) })).data.key;
  const reviewers = await Promise.all(['Ana', 'Ben'].map(signUp));
  business = await populatedBusiness(api.url, token, reviewers, [daysFromNow(30), daysFromNow(31)]);
  // The API's indexer writes the search index the stdio server reads: wait until search finds it.
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = await json('/api/v1/consumer/search', { method: 'POST', token: key, body: JSON.stringify({ query: 'noodles' }) });
    if (found.data?.total === 1) break;
    await new Promise((done) => setTimeout(done, 100));
  }
}, 60_000);
afterAll(() => teardown.disposeAsync());

it('serves the tools over stdin/stdout with the key from MCP_API_KEY', async () => {
  const client = new Client({ name: 'claude-desktop', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [...TSX, 'src/runtime/mcpStdio.ts'], cwd: ROOT, env: { ...process.env, DATA_DIR: api.dataDir, MCP_API_KEY: key, LOG_LEVEL: 'warn' } as Record<string, string>, stderr: 'ignore' }),
  );
  try {
    // Listing the tools turns the client's output validation on: a structuredContent that does not
    // match its tool's outputSchema makes callTool throw. stdio offers the same tools as HTTP:
    // both are built from the declared operations.
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['check_open', 'create_booking', 'get_availability', 'get_business', 'list_categories', 'search_businesses']);
    type Answer = { isError?: boolean; structuredContent?: Record<string, any> };
    const call = async (name: string, args: Record<string, unknown>) => {
      const answer = (await client.callTool({ name, arguments: args })) as Answer;
      expect(answer.isError).toBeFalsy();
      return answer.structuredContent!;
    };
    const found = await call('search_businesses', { query: 'noodles' });
    expect(found.total).toBe(1);
    expect(found.businesses[0].name).toBe('Harbor Noodle Bar');
    const profile = await call('get_business', { businessId: business.id });
    expect(profile.services.map((service: { pricing?: { type: string } }) => service.pricing?.type ?? 'quote')).toEqual(['fixed', 'range', 'hourly', 'quote']);
    expect(profile).toMatchObject({ blackoutDates: [daysFromNow(30), daysFromNow(31)], trust: { totalReviews: 2 }, media: { logo: expect.any(String) } });
    expect(Object.keys(profile.exclusiveContent)).toHaveLength(4);
    expect(await call('check_open', { businessId: business.id, localTime: `${daysFromNow(30)}T12:00` })).toMatchObject({ open: false, blackoutDate: true });
    expect((await call('list_categories', {})).categories.length).toBeGreaterThan(5);
    // A week well after the blackout dates: the class runs on the open days.
    const availability = await call('get_availability', { businessId: business.id, serviceId: business.bookableServiceId, from: daysFromNow(40), to: daysFromNow(46) });
    expect(availability.slots.length).toBeGreaterThan(0);
    const booking = { businessId: business.id, serviceId: business.bookableServiceId, start: availability.slots[0].start, customer: { name: 'Dana Diner', email: 'dana@example.com' }, idempotencyKey: 'stdio-booking-1' };
    const booked = await call('create_booking', booking);
    expect(booked).toMatchObject({ status: 'pending', price: { amount: 65, currency: 'USD' }, serviceName: 'Noodle-making class' });
    // The same key again (a client retrying after a lost answer): the first booking, not a second one.
    expect((await call('create_booking', booking)).id).toBe(booked.id);
  } finally {
    await client.close();
  }
}, 60_000);

it('refuses a key that is not valid, before serving', async () => {
  const outcome = await run(process.execPath, [...TSX, 'src/runtime/mcpStdio.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: api.dataDir, MCP_API_KEY: 'sk_live_notarealkey000', LOG_LEVEL: 'error' }, timeout: 30_000 }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
  expect(outcome).toEqual({ code: 1, stderr: expect.stringContaining('mcp:stdio failed: Invalid API key') });
}, 40_000);
