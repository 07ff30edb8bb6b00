// `npm run bench:analytics`: ingestion throughput through the AnalyticsStore port and each
// analytics endpoint's latency over a full-year range at one connection, beside the raw floor
// (the same question asked of the store in-process, no HTTP, no auth, no shaping).
//   npm run bench:analytics -- [--events 10000000] [--businesses 10000] [--requests 200]
//                              [--engine sqlite|elasticsearch] [--es-url http://127.0.0.1:9200] [--seed S]
// Targets (issue 18): ingest >= 50 000 events/s embedded; p99 <= 100 ms embedded, <= 150 ms on Elasticsearch.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createElasticsearchAnalyticsStore } from '../../src/adapters/elasticsearch/analytics/elasticsearchAnalyticsStore';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import type { AnalyticsScope, AnalyticsStore } from '../../src/ports/analyticsStore';
import { openRuntime } from '../../src/runtime/openRuntime';
import { analyticsEventBatches, type BenchBusiness } from './analyticsEventStream';
import { createBenchAccount } from './benchAccount';
import { buildBenchIndex } from './buildBenchIndex';
import { businessStream } from './generateBusinesses';
import { summariseLatencies, type LatencySummary } from './latencySummary';
import { createSeededRandom } from './seededRandom';

const { values } = parseArgs({
  options: {
    events: { type: 'string' }, businesses: { type: 'string' }, requests: { type: 'string' }, engine: { type: 'string' },
    'es-url': { type: 'string' }, seed: { type: 'string' }, 'batch-size': { type: 'string' }, help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});
if (values.help) {
  console.log('npm run bench:analytics -- [--events 10000000] [--businesses 10000] [--requests 200] [--batch-size 5000] [--engine sqlite|elasticsearch] [--es-url URL] [--seed S]');
  process.exit(0);
}
const whole = (name: string, raw: string | undefined, fallback: number) => {
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number (got "${raw}")`);
  return value;
};
const EVENTS = whole('events', values.events, 10_000_000);
const BUSINESSES = whole('businesses', values.businesses, 10_000);
const REQUESTS = whole('requests', values.requests, 200);
const BATCH = whole('batch-size', values['batch-size'], 5000);
const ENGINE = values.engine ?? 'sqlite';
if (ENGINE !== 'sqlite' && ENGINE !== 'elasticsearch') throw new Error('--engine must be sqlite or elasticsearch');
const ES_URL = values['es-url'] ?? 'http://127.0.0.1:9200';
if (ENGINE === 'elasticsearch' && !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(ES_URL).hostname)) throw new Error('--es-url must point at this machine');
const SEED = values.seed ?? 'bench';
const END = new Date('2026-03-31T23:00:00.000Z');
const YEAR = { startDate: '2025-04-01', endDate: '2026-03-31' };
const TARGET_P99_MS = ENGINE === 'sqlite' ? 100 : 150;
const TARGET_INGEST = 50_000;

const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bdapi-analytics-bench-'));
  const logger = createLogger('warn');
  const config = loadConfig({
    DATA_DIR: dataDir,
    IN_PROCESS_INDEXER: 'false',
    LOG_LEVEL: 'warn',
  });
  // Profiles and the search index stay embedded either way (peers for benchmarks come from the
  // index, like listings); only the analytics store is the engine under test.
  const runtime = await openRuntime(config, logger).catch(async (error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const { store, searchIndex } = runtime.appDeps;
  const analytics: AnalyticsStore =
    ENGINE === 'elasticsearch' ? createElasticsearchAnalyticsStore({ node: ES_URL, prefix: `bench_analytics_${Date.now()}`, logger }) : runtime.appDeps.analytics;
  try {
    log(`bench:analytics engine=${ENGINE} businesses=${BUSINESSES} events=${EVENTS} requests/endpoint=${REQUESTS} batch=${BATCH} data=${dataDir}`);
    const account = await createBenchAccount(store);
    const businesses: BenchBusiness[] = [];
    for (const profile of businessStream(BUSINESSES, SEED)) {
      await store.profiles.create(profile);
      const lon = profile.location.coordinates?.lon ?? 0;
      businesses.push({ id: profile.id, utcOffsetHours: Math.round(lon / 15) });
    }
    const built = await buildBenchIndex({ store, index: searchIndex, logger });
    log(`businesses: ${built.indexed} published and indexed in ${(built.elapsedMs / 1000).toFixed(1)} s`);

    // Ingestion: only the time inside append() counts, not generating the events.
    let appendMs = 0;
    let stored = 0;
    let nextReport = 1_000_000;
    for (const batch of analyticsEventBatches({ businesses, total: EVENTS, end: END, seed: SEED, batchSize: BATCH })) {
      const started = performance.now();
      const result = await analytics.append(batch);
      appendMs += performance.now() - started;
      stored += result.accepted;
      if (stored >= nextReport) {
        log(`  ingested ${stored.toLocaleString('en-US')} events (${Math.round(stored / (appendMs / 1000)).toLocaleString('en-US')} events/s so far)`);
        nextReport += 1_000_000;
      }
    }
    const ingestRate = stored / (appendMs / 1000);
    log(`ingest: ${stored.toLocaleString('en-US')} events in ${(appendMs / 1000).toFixed(1)} s of append() = ${Math.round(ingestRate).toLocaleString('en-US')} events/s (batches of ${BATCH})`);

    const app = createApp({ config, logger, ...runtime.appDeps, analytics });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, agent, headers: { Authorization: `Bearer ${account.apiKey}` } }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve(res.statusCode) : reject(new Error(`${path}: ${res.statusCode}`))));
        });
        req.on('error', reject);
        req.end();
      });

    const random = createSeededRandom(`${SEED}:requests`);
    const picks = Array.from({ length: REQUESTS }, () => businesses[Math.floor(random.next() * businesses.length)].id);
    const endpoints: Array<{ name: string; path: (id: string) => string; floor: (scope: AnalyticsScope) => Promise<unknown> }> = [
      { name: 'upstream-metrics', path: (id) => `/v1/analytics/upstream-metrics?businessId=${id}&startDate=${YEAR.startDate}&endDate=${YEAR.endDate}&granularity=week`, floor: (s) => analytics.visibility(s) },
      { name: 'intent-journeys', path: (id) => `/v1/analytics/intent-journeys?businessId=${id}&startDate=${YEAR.startDate}&endDate=${YEAR.endDate}`, floor: (s) => analytics.journeys(s) },
      { name: 'attribution', path: (id) => `/v1/analytics/attribution?businessId=${id}&startDate=${YEAR.startDate}&endDate=${YEAR.endDate}`, floor: (s) => analytics.convertedJourneys(s) },
      {
        name: 'benchmarks',
        path: (id) => `/v1/analytics/benchmarks?businessId=${id}&startDate=${YEAR.startDate}&endDate=${YEAR.endDate}`,
        // The floor asks for the same peers' totals (the peers found once, outside the timing).
        floor: async (s) => analytics.businessTotals({ environment: s.environment, from: s.from, to: s.to, businessIds: peersOf.get(s.businessId) ?? [s.businessId] }),
      },
    ];
    const peersOf = new Map<string, string[]>();
    for (const id of new Set(picks)) {
      const profile = await store.profiles.get('live', id);
      const hits = await searchIndex.search({ environment: 'live', categories: [profile?.category ?? ''], sort: 'name', order: 'asc', limit: 10_000, offset: 0 });
      peersOf.set(id, [id, ...hits.hits.map((hit) => hit.fields.id).filter((peer) => peer !== id)]);
    }

    const rows: Array<{ name: string; api: LatencySummary; floor: LatencySummary }> = [];
    for (const endpoint of endpoints) {
      for (const id of picks.slice(0, Math.min(20, picks.length))) await get(endpoint.path(id)); // warm-up
      const api: number[] = [];
      for (const id of picks) {
        const started = performance.now();
        await get(endpoint.path(id));
        api.push(performance.now() - started);
      }
      const floor: number[] = [];
      for (const id of picks) {
        // Business days of the bench are close to UTC days; the floor asks for the same year.
        const scope: AnalyticsScope = { environment: 'live', businessId: id, from: YEAR.startDate, to: YEAR.endDate };
        const started = performance.now();
        await endpoint.floor(scope);
        floor.push(performance.now() - started);
      }
      rows.push({ name: endpoint.name, api: summariseLatencies(api), floor: summariseLatencies(floor) });
    }
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));

    log('');
    log(`endpoint            API p50    API p99    floor p50  floor p99   target p99 <= ${TARGET_P99_MS} ms`);
    for (const row of rows) {
      const verdict = row.api.p99 <= TARGET_P99_MS ? 'met' : 'MISSED';
      log(`${row.name.padEnd(18)} ${row.api.p50.toFixed(2).padStart(8)} ${row.api.p99.toFixed(2).padStart(10)} ${row.floor.p50.toFixed(2).padStart(10)} ${row.floor.p99.toFixed(2).padStart(10)}   ${verdict}`);
    }
    if (ENGINE === 'sqlite') log(`ingest target >= ${TARGET_INGEST.toLocaleString('en-US')} events/s: ${ingestRate >= TARGET_INGEST ? 'met' : 'MISSED'}`);
  } finally {
    if (analytics !== runtime.appDeps.analytics) await analytics.close();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
