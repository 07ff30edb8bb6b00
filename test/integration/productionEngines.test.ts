// The production shape end to end: the real server process on MongoDB (wire-protocol server
// with an oplog), Elasticsearch 8 and Redis, with the indexer as its own process. A profile
// written through the API travels Mongo change stream -> indexer -> Elasticsearch and is
// found by consumer search; sessions, rate limits and media use the production adapters.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { spawnEngine, waitUntilReady, type EngineProcess } from '../harness/engineProcess';
import { startApiServer, type ApiServer } from '../harness/apiServer';
import { startElasticsearch, type ElasticsearchHarness } from '../harness/elasticsearch';
import { startMongo, type MongoHarness } from '../harness/mongo';
import { startRedis, type RedisHarness } from '../harness/redis';
import { TYPESCRIPT_ENTRY } from '../harness/typescriptEntry';

const ROOT = resolve(__dirname, '../..');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let mongo: MongoHarness;
let elasticsearch: ElasticsearchHarness;
let redis: RedisHarness;
let api: ApiServer;
let indexer: EngineProcess;
let env: Record<string, string>;

beforeAll(async () => {
  [mongo, elasticsearch, redis] = await Promise.all([startMongo(), startElasticsearch(), startRedis()]);
  teardown.defer(async () => {
    await Promise.all([mongo.stop(), elasticsearch.stop(), redis.stop()]);
  });
  env = {
    MONGODB_URI: mongo.uriFor('e2e'),
    ELASTICSEARCH_URL: elasticsearch.url,
    ELASTICSEARCH_INDEX: 'e2e_profiles',
    REDIS_URL: redis.url,
    IN_PROCESS_INDEXER: 'false',
  };
  api = teardown.adopt(await startApiServer(env), (server) => server.stop());
  indexer = teardown.adopt(
    spawnEngine('indexer', process.execPath, [...TYPESCRIPT_ENTRY, 'indexer/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATA_DIR: api.dataDir, LOG_LEVEL: 'info' },
    }),
    (engine) => engine.stop(10_000),
  );
  await waitUntilReady(indexer, async () => indexer.output().includes('indexer running'), 60_000);
}, 240_000);

afterAll(() => teardown.disposeAsync(), 60_000);

async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: { ...(body !== undefined && { 'Content-Type': 'application/json' }), ...(token && { Authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as { data: any; error?: any } };
}

it('a profile written through the API on MongoDB is found by consumer search on Elasticsearch', async () => {
  const email = `e2e-${Date.now()}@example.com`;
  expect((await call('POST', '/auth/register', undefined, { email, password: 'long enough password', name: 'E2E' })).status).toBe(201);
  const token = (await call('POST', '/auth/login', undefined, { email, password: 'long enough password' })).body.data.accessToken as string;

  const created = await call('POST', '/business/profile', token, {
    name: 'Barton Springs Tacos',
    category: 'restaurants',
    description: 'Breakfast tacos and migas by the springs, with vegan chorizo and fresh corn tortillas every day.',
    tagline: 'Tacos by the water',
    location: { address: { street: '2101 Barton Springs Rd', city: 'Austin', state: 'TX', postalCode: '78704', country: 'US' }, coordinates: { lat: 30.2614, lon: -97.7636 } },
    contact: { phone: '+15125550199', website: 'https://bartontacos.example' },
    hours: { monday: { open: '07:00', close: '15:00' }, saturday: { open: '08:00', close: '16:00' } },
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id as string;
  expect(created.headers.get('x-ratelimit-limit')).toBe('100');

  const form = new FormData();
  form.set('type', 'logo');
  form.set('file', new Blob([PNG]), 'logo.png');
  const upload = await fetch(`${api.url}/business/profile/media`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(upload.status).toBe(201);
  const logoUrl = ((await upload.json()) as { data: { url: string } }).data.url;
  const logo = await fetch(`${api.url.replace(/\/v1$/, '')}${logoUrl}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(logo.headers.get('content-type')).toBe('image/png');

  expect((await call('PATCH', `/business/profile/${id}`, token, { status: 'published' })).status).toBe(200);

  let found: string[] = [];
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const search = await call('POST', '/api/v1/consumer/search', token, { query: 'vegan breakfast tacos', location: { lat: 30.2672, lon: -97.7431, distance: '10km' } });
    expect(search.status).toBe(200);
    found = search.body.data.businesses.map((b: { id: string }) => b.id);
    if (found.includes(id)) {
      expect(search.body.data.businesses[0]).toMatchObject({ id, name: 'Barton Springs Tacos', distance: expect.any(Number) });
      expect(search.body.data.response).toContain('Barton Springs Tacos');
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(found).toContain(id);

  // The engines in /ready are shown to admins only: promote the account with the admin CLI, on the same MongoDB.
  await promisify(execFile)(process.execPath, [...TYPESCRIPT_ENTRY, 'scripts/createAdmin.ts', '--email', email], { cwd: ROOT, env: { ...process.env, ...env } });
  const ready = await call('GET', '/ready', token);
  expect(ready.body.data.backends).toMatchObject({ store: { engine: 'mongodb', ok: true }, search: { engine: 'elasticsearch', ok: true }, redis: { ok: true } });

  // Deleting it removes it from search too.
  expect((await call('DELETE', `/business/profile/${id}`, token)).status).toBe(200);
  const removedBy = Date.now() + 30_000;
  while (Date.now() < removedBy) {
    const search = await call('POST', '/api/v1/consumer/search', token, { query: 'vegan breakfast tacos', location: { lat: 30.2672, lon: -97.7431, distance: '10km' } });
    found = search.body.data.businesses.map((b: { id: string }) => b.id);
    if (!found.includes(id)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(found).not.toContain(id);
}, 120_000);

it('npm run reindex rebuilds the Elasticsearch index from MongoDB while the API keeps answering', async () => {
  const { stderr } = await new Promise<{ stderr: string }>((resolvePromise, reject) =>
    execFile(process.execPath, [...TYPESCRIPT_ENTRY, 'indexer/reindexCommand.ts'], { cwd: ROOT, env: { ...process.env, ...env, DATA_DIR: api.dataDir } }, (error, _stdout, stderrText) =>
      error ? reject(new Error(stderrText)) : resolvePromise({ stderr: stderrText }),
    ),
  );
  // Not a TTY: the progress bar is printed line by line, the last one at 100 % before the merge notice.
  expect(stderr).toMatch(/\] \d+% \d+\/\d+ profiles, \d+ failed, \d+ skipped, \d+\/s, RSS \d+ MiB\nall profiles written; merging the new index into one segment and swapping it in\nreindex done: \d+ documents in the index, [\d.]+ s, CPU [\d.]+ s \(event loop [\d.]+ s\), peak RSS \d+ MiB\n/);
  expect((await call('GET', '/health')).status).toBe(200);
}, 120_000);
