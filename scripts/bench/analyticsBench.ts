// `npm run bench:analytics`: ingestion throughput through the AnalyticsStore port and each
// analytics endpoint's latency at one connection for a 90-day and a 366-day range, beside the raw
// floor (the same question asked of the store in-process, no HTTP, no auth, no shaping).
//   npm run bench:analytics -- [--events 10000000] [--businesses 10000] [--requests 200]
//                              [--engine sqlite|elasticsearch] [--es-url http://127.0.0.1:9200]
//                              [--seed S] [--batch-size 5000] [--data-dir DIR]
// --data-dir keeps profiles, index and (embedded) analytics events for the next run with the
// same sizes and seed, which then skips loading and ingesting (its ingest figure is the one saved).
// --questions-only (embedded) asks the questions of whatever a --data-dir holds, also a run whose
// ingestion was stopped part-way (its events are counted; no ingest figure).
// Targets: ingest >= 50 000 events/s embedded, >= 20 000 on Elasticsearch; each
// question p99 <= 100 ms for 90 days and <= 250 ms for 366 days, on both engines.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
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
import { createHttpGetter } from './httpGetter';
import { summariseLatencies, type LatencySummary } from './latencySummary';
import { createSeededRandom } from './seededRandom';

const { values } = parseArgs({
  options: {
    events: { type: 'string' }, businesses: { type: 'string' }, requests: { type: 'string' }, engine: { type: 'string' },
    'es-url': { type: 'string' }, seed: { type: 'string' }, 'batch-size': { type: 'string' }, 'data-dir': { type: 'string' },
    'questions-only': { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});
if (values.help) {
  console.log('npm run bench:analytics -- [--events 10000000] [--businesses 10000] [--requests 200] [--batch-size 5000] [--engine sqlite|elasticsearch] [--es-url URL] [--seed S] [--data-dir DIR]');
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
const RANGES = [
  { name: '90 d', startDate: '2026-01-01', endDate: '2026-03-31', targetMs: 100 },
  { name: '366 d', startDate: '2025-03-31', endDate: '2026-03-31', targetMs: 250 },
];
const TARGET_INGEST = ENGINE === 'sqlite' ? 50_000 : 20_000;
const MARKER = 'analytics-bench.json';
const QUESTIONS_ONLY = values['questions-only'] === true;
if (QUESTIONS_ONLY && (values['data-dir'] === undefined || ENGINE !== 'sqlite')) throw new Error('--questions-only needs --data-dir and the embedded engine');

const log = (line: string) => process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** The events an embedded analytics store holds, read on a connection of its own (the port does not count them). */
function storedEvents(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM analytics_events').pluck().get() as number;
  } finally {
    db.close();
  }
}

interface Kept {
  events: number;
  businesses: number;
  seed: string;
  engine: string;
  esPrefix?: string;
  stored: number;
  ingestRate: number;
  /** Events per second of this process's CPU (all its threads) spent inside append(): the rate a free core would give. */
  ingestPerCpuSecond: number;
  ingestLoad: string;
}

async function main(): Promise<void> {
  const dataDir = values['data-dir'] !== undefined ? resolve(values['data-dir']) : mkdtempSync(join(tmpdir(), 'bdapi-analytics-bench-'));
  mkdirSync(dataDir, { recursive: true });
  const markerFile = join(dataDir, MARKER);
  const kept = existsSync(markerFile) ? (JSON.parse(readFileSync(markerFile, 'utf8')) as Kept) : undefined;
  if (kept && (kept.events !== EVENTS || kept.businesses !== BUSINESSES || kept.seed !== SEED || kept.engine !== ENGINE)) {
    throw new Error(`${dataDir} holds another run's data (${JSON.stringify(kept)}); remove it or pass another --data-dir`);
  }
  const logger = createLogger('warn');
  // The synthetic year ends on a fixed date: no retention purge may remove any of it while the run lasts.
  const config = loadConfig({ DATA_DIR: dataDir, IN_PROCESS_INDEXER: 'false', LOG_LEVEL: 'warn', ANALYTICS_RAW_RETENTION_DAYS: '36500' });
  // Profiles and the search index stay embedded either way (peers for benchmarks come from the
  // index, like listings); only the analytics store is the engine under test.
  const runtime = await openRuntime(config, logger);
  const { store, searchIndex } = runtime.appDeps;
  const esPrefix = kept?.esPrefix ?? `bench_analytics_${Date.now()}`;
  const analytics: AnalyticsStore = ENGINE === 'elasticsearch' ? createElasticsearchAnalyticsStore({ node: ES_URL, prefix: esPrefix, logger }) : runtime.appDeps.analytics;
  try {
    log(`bench:analytics engine=${ENGINE} businesses=${BUSINESSES} events=${EVENTS} requests=${REQUESTS} batch=${BATCH} data=${dataDir} load ${load()}`);
    const account = await createBenchAccount(store);
    const businesses: BenchBusiness[] = [];
    for (const profile of businessStream(BUSINESSES, SEED)) {
      if (!kept && !QUESTIONS_ONLY) await store.profiles.create(profile);
      businesses.push({ id: profile.id, utcOffsetHours: Math.round((profile.location.coordinates?.lon ?? 0) / 15) });
    }
    let result: Kept;
    if (!kept && QUESTIONS_ONLY) {
      const stored = storedEvents(join(dataDir, 'analytics.db'));
      log(`questions only, over the ${stored.toLocaleString('en-US')} events stored in ${dataDir} (ingestion not measured in this run)`);
      result = { events: EVENTS, businesses: BUSINESSES, seed: SEED, engine: ENGINE, stored, ingestRate: Number.NaN, ingestPerCpuSecond: Number.NaN, ingestLoad: '-' };
    } else if (kept) {
      result = kept;
      log(`reusing ${kept.stored.toLocaleString('en-US')} stored events: ingest ${Math.round(kept.ingestRate).toLocaleString('en-US')} events/s when built (load ${kept.ingestLoad})`);
    } else {
      const built = await buildBenchIndex({ store, index: searchIndex, logger });
      log(`businesses: ${built.indexed} published and indexed in ${(built.elapsedMs / 1000).toFixed(1)} s`);
      result = { events: EVENTS, businesses: BUSINESSES, seed: SEED, engine: ENGINE, esPrefix, ...(await ingest(analytics, businesses)) };
      writeFileSync(markerFile, JSON.stringify(result));
    }

    const server = createApp({ config, logger, ...runtime.appDeps, analytics }).listen(0, '127.0.0.1');
    // The floors run between the API loops and can take longer than Node's 5 s keep-alive: a
    // socket closed meanwhile would fail the next request.
    server.keepAliveTimeout = 600_000;
    await new Promise((done) => server.once('listening', done));
    const get = createHttpGetter(server, account.apiKey);
    const random = createSeededRandom(`${SEED}:requests`);
    const picks = Array.from({ length: REQUESTS }, () => businesses[Math.floor(random.next() * businesses.length)].id);
    const peersOf = new Map<string, string[]>();
    for (const id of new Set(picks)) {
      const profile = await store.profiles.get('live', id);
      const hits = await searchIndex.search({ environment: 'live', categories: [profile?.category ?? ''], sort: 'name', order: 'asc', limit: 10_000, offset: 0 });
      peersOf.set(id, [id, ...hits.hits.map((hit) => hit.fields.id).filter((peer) => peer !== id)]);
    }
    const endpoints: Array<{ name: string; query: string; floor: (scope: AnalyticsScope) => Promise<unknown> }> = [
      { name: 'upstream-metrics', query: 'upstream-metrics?granularity=week&', floor: (s) => analytics.visibility(s) },
      { name: 'intent-journeys', query: 'intent-journeys?', floor: (s) => analytics.journeys(s) },
      { name: 'attribution', query: 'attribution?', floor: (s) => analytics.convertedJourneys(s) },
      // The floor asks for the same peers' totals (the peers found once, outside the timing).
      { name: 'benchmarks', query: 'benchmarks?', floor: (s) => analytics.businessTotals({ environment: s.environment, from: s.from, to: s.to, businessIds: peersOf.get(s.businessId) ?? [s.businessId] }) },
    ];
    const rows: Array<{ name: string; range: (typeof RANGES)[number]; api: LatencySummary; floor: LatencySummary }> = [];
    for (const range of RANGES) {
      for (const endpoint of endpoints) {
        const path = (id: string) => `/v1/analytics/${endpoint.query}businessId=${id}&startDate=${range.startDate}&endDate=${range.endDate}`;
        for (const id of picks.slice(0, Math.min(20, picks.length))) await get(path(id)); // warm-up
        const api: number[] = [];
        for (const id of picks) {
          const started = performance.now();
          await get(path(id));
          api.push(performance.now() - started);
        }
        const floor: number[] = [];
        for (const id of picks) {
          // Business days of the bench are close to UTC days; the floor asks for the same range.
          const started = performance.now();
          await endpoint.floor({ environment: 'live', businessId: id, from: range.startDate, to: range.endDate });
          floor.push(performance.now() - started);
        }
        rows.push({ name: endpoint.name, range, api: summariseLatencies(api), floor: summariseLatencies(floor) });
      }
    }
    await new Promise((done) => server.close(done));

    log(`load after the questions: ${load()}`);
    log(`endpoint           range    API p50    API p99  floor p50  floor p99   target p99`);
    for (const row of rows) {
      const verdict = row.api.p99 <= row.range.targetMs ? 'met' : 'MISSED';
      log(`${row.name.padEnd(18)} ${row.range.name.padEnd(6)} ${row.api.p50.toFixed(2).padStart(8)} ${row.api.p99.toFixed(2).padStart(10)} ${row.floor.p50.toFixed(2).padStart(10)} ${row.floor.p99.toFixed(2).padStart(10)}   <= ${row.range.targetMs} ms ${verdict}`);
    }
    if (Number.isNaN(result.ingestRate)) log('ingest: not measured in this run (--questions-only)');
    else log(`ingest ${Math.round(result.ingestRate).toLocaleString('en-US')} events/s (load ${result.ingestLoad}; ${Math.round(result.ingestPerCpuSecond).toLocaleString('en-US')} per CPU second), target >= ${TARGET_INGEST.toLocaleString('en-US')}: ${result.ingestRate >= TARGET_INGEST ? 'met' : 'MISSED'}`);
  } finally {
    if (analytics !== runtime.appDeps.analytics) await analytics.close();
    await runtime.close();
    if (values['data-dir'] === undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Appends the synthetic year; only the time inside append() counts, not generating the events. */
async function ingest(analytics: AnalyticsStore, businesses: BenchBusiness[]): Promise<Pick<Kept, 'stored' | 'ingestRate' | 'ingestPerCpuSecond' | 'ingestLoad'>> {
  let appendMs = 0;
  let cpuMicros = 0;
  let stored = 0;
  let nextReport = 1_000_000;
  const loads: number[] = [];
  for (const batch of analyticsEventBatches({ businesses, total: EVENTS, end: END, seed: SEED, batchSize: BATCH })) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await analytics.append(batch);
    appendMs += performance.now() - started;
    const used = process.cpuUsage(cpu);
    cpuMicros += used.user + used.system;
    stored += result.accepted;
    if (stored >= nextReport) {
      loads.push(loadavg()[0]);
      log(`  ingested ${stored.toLocaleString('en-US')} events (${Math.round(stored / (appendMs / 1000)).toLocaleString('en-US')} events/s so far, ${Math.round(stored / (cpuMicros / 1e6)).toLocaleString('en-US')} per CPU second, load ${load()})`);
      nextReport += 1_000_000;
    }
  }
  const ingestRate = stored / (appendMs / 1000);
  const ingestPerCpuSecond = stored / (cpuMicros / 1e6);
  log(`ingest: ${stored.toLocaleString('en-US')} events in ${(appendMs / 1000).toFixed(1)} s of append() = ${Math.round(ingestRate).toLocaleString('en-US')} events/s (batches of ${BATCH}); ${Math.round(ingestPerCpuSecond).toLocaleString('en-US')} per CPU second`);
  const ingestLoad = loads.length > 0 ? `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}` : loadavg()[0].toFixed(1);
  return { stored, ingestRate, ingestPerCpuSecond, ingestLoad };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
