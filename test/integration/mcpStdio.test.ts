// `npm run mcp:stdio` (issue 23): the SDK's own client starts the stdio server on the DATA_DIR of a
// running API, lists the tools and searches; a bad MCP_API_KEY ends the process with its reason.
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startApiServer, type ApiServer } from '../harness/apiServer';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const run = promisify(execFile);

let api: ApiServer;
let key: string;

async function json(path: string, init: RequestInit & { token?: string } = {}): Promise<any> {
  const response = await fetch(`${api.url}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.token && { Authorization: `Bearer ${init.token}` }) },
  });
  return response.json();
}

beforeAll(async () => {
  api = await startApiServer();
  const email = `stdio.${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  await json('/auth/register', { method: 'POST', body: JSON.stringify({ email, password, name: 'Stdio Owner' }) });
  const token = (await json('/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) })).data.accessToken;
  key = (await json('/auth/api-keys', { method: 'POST', token, body: JSON.stringify({ name: 'desktop', environment: 'live' }) })).data.key;
  const created = await json('/business/profile', {
    method: 'POST',
    token,
    body: JSON.stringify({
      name: 'Harbor Noodle Bar',
      category: 'restaurants',
      description: 'Hand-pulled noodles and dumplings near the harbor, open late every night of the week.',
      tagline: 'Noodles by the water',
      location: { address: { street: '1 Pier Rd', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' }, coordinates: { lat: 30.26, lon: -97.74 } },
      contact: { phone: '+15125550199', email: 'hi@harbor.example', website: 'https://harbor.example' },
      hours: { monday: { open: '11:00', close: '23:00' } },
    }),
  });
  await json(`/business/profile/${created.data.id}`, { method: 'PATCH', token, body: JSON.stringify({ status: 'published' }) });
  // The API's indexer writes the search index the stdio server reads: wait until search finds it.
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = await json('/api/v1/consumer/search', { method: 'POST', token: key, body: JSON.stringify({ query: 'noodles' }) });
    if (found.data?.total === 1) break;
    await new Promise((done) => setTimeout(done, 100));
  }
}, 60_000);
afterAll(() => api?.stop());

it('serves the tools over stdin/stdout with the key from MCP_API_KEY', async () => {
  const client = new Client({ name: 'claude-desktop', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [TSX, 'src/mcp/mcpStdio.ts'], cwd: ROOT, env: { ...process.env, DATA_DIR: api.dataDir, MCP_API_KEY: key, LOG_LEVEL: 'warn' } as Record<string, string>, stderr: 'ignore' }),
  );
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['check_open', 'get_business', 'list_categories', 'search_businesses']);
    const result = (await client.callTool({ name: 'search_businesses', arguments: { query: 'noodles' } })) as { structuredContent?: { total: number; businesses: Array<{ name: string }> } };
    expect(result.structuredContent!.total).toBe(1);
    expect(result.structuredContent!.businesses[0].name).toBe('Harbor Noodle Bar');
  } finally {
    await client.close();
  }
}, 60_000);

it('refuses a key that is not valid, before serving', async () => {
  const outcome = await run(process.execPath, [TSX, 'src/mcp/mcpStdio.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: api.dataDir, MCP_API_KEY: 'sk_live_notarealkey000', LOG_LEVEL: 'error' }, timeout: 30_000 }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
  expect(outcome).toEqual({ code: 1, stderr: expect.stringContaining('mcp:stdio failed: Invalid API key') });
}, 40_000);
