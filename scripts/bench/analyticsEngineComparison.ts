// `npm run bench:analytics-engines`: the embedded engine choice, measured. The same
// synthetic events (analyticsEventStream.ts, same seed) go into the SQLite store this service
// uses and into DuckDB (@duckdb/node-api) with the same tables: raw events de-duplicated by their
// key, daily counts and per-day journey summaries updated in the same transaction as each batch.
// Then the reads the questions make, per business: a year of daily counts, a year of journey
// days, and the totals of 100 peers. DuckDB here does not keep the zero-click marks (a lower
// bound of its cost). Both timed in wall time and in this process's CPU seconds (shared machine).
//   npm run bench:analytics-engines -- [--events 500000] [--businesses 10000] [--batch-size 5000] [--picks 200] [--shuffled]
// --shuffled: journeys at random times of the year (late data everywhere) instead of in time order.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { createSqliteAnalyticsStore } from '../../src/adapters/sqlite/analytics/sqliteAnalyticsStore';
import { createJourneyDayDeltas } from '../../src/domain/analytics/journeyDayDeltas';
import { createRollupDeltas } from '../../src/domain/analytics/rollupDeltas';
import type { AnalyticsEvent } from '../../src/domain/analytics/analyticsEvent';
import { analyticsEventBatches, type BenchBusiness } from './analyticsEventStream';
import { summariseLatencies } from './latencySummary';
import { createSeededRandom } from './seededRandom';

const { values } = parseArgs({ options: { events: { type: 'string' }, businesses: { type: 'string' }, 'batch-size': { type: 'string' }, picks: { type: 'string' }, shuffled: { type: 'boolean' } }, strict: true });
const EVENTS = Number(values.events ?? 500_000);
const BUSINESSES = Number(values.businesses ?? 10_000);
const BATCH = Number(values['batch-size'] ?? 5000);
const PICKS = Number(values.picks ?? 200);
const END = new Date('2026-03-31T23:00:00.000Z');
const YEAR = { from: '2025-03-31', to: '2026-03-31' };
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const businesses: BenchBusiness[] = Array.from({ length: BUSINESSES }, (_, i) => ({ id: `biz_bench${String(i).padStart(8, '0')}`, utcOffsetHours: -5 - (i % 4) }));
const batches = () => analyticsEventBatches({ businesses, total: EVENTS, end: END, seed: 'engines', batchSize: BATCH, shuffled: values.shuffled === true });

interface Engine {
  name: string;
  append(events: AnalyticsEvent[]): Promise<void>;
  daily(businessId: string): Promise<unknown>;
  journeyDays(businessId: string): Promise<unknown>;
  peers(ids: string[]): Promise<unknown>;
  close(): Promise<void>;
}

async function measure(engine: Engine): Promise<void> {
  let wallMs = 0;
  let cpuMicros = 0;
  for (const batch of batches()) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await engine.append(batch);
    wallMs += performance.now() - started;
    const used = process.cpuUsage(cpu);
    cpuMicros += used.user + used.system;
  }
  log(`${engine.name}: ingest ${Math.round(EVENTS / (wallMs / 1000)).toLocaleString('en-US')} events/s, ${Math.round(EVENTS / (cpuMicros / 1e6)).toLocaleString('en-US')} per CPU second (load ${loadavg()[0].toFixed(1)})`);
  const random = createSeededRandom('engines:picks');
  const picks = Array.from({ length: PICKS }, () => businesses[Math.floor(random.next() * businesses.length)].id);
  const peerSets = picks.map(() => Array.from({ length: 100 }, () => businesses[Math.floor(random.next() * businesses.length)].id));
  for (const [name, read] of [
    ['daily counts, 366 d', (i: number) => engine.daily(picks[i])],
    ['journey days, 366 d', (i: number) => engine.journeyDays(picks[i])],
    ['100 peers\' totals, 366 d', (i: number) => engine.peers(peerSets[i])],
  ] as const) {
    const samples: number[] = [];
    for (let i = 0; i < PICKS; i += 1) {
      const started = performance.now();
      await read(i);
      samples.push(performance.now() - started);
    }
    const summary = summariseLatencies(samples);
    log(`${engine.name}: ${name.padEnd(26)} p50 ${summary.p50.toFixed(2)} ms, p99 ${summary.p99.toFixed(2)} ms`);
  }
}

function sqliteEngine(dir: string): Engine {
  const store = createSqliteAnalyticsStore({ file: join(dir, 'analytics.db') });
  const scope = (businessId: string) => ({ environment: 'live' as const, businessId, ...YEAR });
  return {
    name: 'SQLite',
    append: async (events) => void (await store.append(events)),
    daily: (id) => store.visibility(scope(id)),
    journeyDays: (id) => store.journeys(scope(id)),
    peers: (ids) => store.businessTotals({ environment: 'live', ...YEAR, businessIds: ids }),
    close: () => store.close(),
  };
}

const DUCK_SCHEMA = `
  CREATE TABLE events (environment VARCHAR, reporter VARCHAR, event_id VARCHAR, type VARCHAR, business_id VARCHAR, ts BIGINT, local_date VARCHAR,
    platform VARCHAR, journey_id VARCHAR, query VARCHAR, position INTEGER, PRIMARY KEY (environment, reporter, event_id));
  CREATE TABLE daily (environment VARCHAR, business_id VARCHAR, local_date VARCHAR, platform VARCHAR, type VARCHAR, events BIGINT, position_sum BIGINT, position_count BIGINT,
    PRIMARY KEY (environment, business_id, local_date, platform, type));
  CREATE TABLE journey_days (environment VARCHAR, business_id VARCHAR, local_date VARCHAR, journey_id VARCHAR, stage INTEGER, touchpoints BIGINT, first_ts BIGINT, last_ts BIGINT,
    first_conversion_ts BIGINT, PRIMARY KEY (environment, business_id, local_date, journey_id));
  CREATE TABLE staging AS SELECT * FROM events WHERE false;
  CREATE TABLE daily_delta AS SELECT * FROM daily WHERE false;
  CREATE TABLE journey_delta AS SELECT * FROM journey_days WHERE false;`;

async function duckEngine(dir: string): Promise<Engine> {
  const instance = await DuckDBInstance.create(join(dir, 'analytics.duckdb'));
  const db: DuckDBConnection = await instance.connect();
  await db.run(DUCK_SCHEMA);
  const fill = async (table: string, rows: Array<Array<string | number | null>>) => {
    const appender = await db.createAppender(table);
    for (const row of rows) {
      for (const value of row) {
        if (value === null) appender.appendNull();
        else if (typeof value === 'number') appender.appendBigInt(BigInt(value));
        else appender.appendVarchar(value);
      }
      appender.endRow();
    }
    appender.closeSync();
  };
  const rows = async (sql: string, params: Array<string>) => (await db.runAndReadAll(sql, params)).getRows();
  return {
    name: 'DuckDB',
    async append(events) {
      const deltas = createRollupDeltas();
      const journeys = createJourneyDayDeltas();
      for (const e of events) {
        deltas.addEvent(e, false);
        journeys.addEvent(e, Date.parse(e.timestamp));
      }
      await db.run('BEGIN TRANSACTION; DELETE FROM staging; DELETE FROM daily_delta; DELETE FROM journey_delta;');
      await fill('staging', events.map((e) => [e.environment, e.reporter ?? '', e.eventId, e.type, e.businessId, Date.parse(e.timestamp), e.localDate, e.platform, e.journeyId ?? null, e.query ?? null, e.position ?? null]));
      await fill('daily_delta', deltas.values().map((d) => [d.environment, d.businessId, d.localDate, d.platform, d.type, d.events, d.positionSum, d.positionCount]));
      await fill('journey_delta', journeys.values().map((j) => [j.environment, j.businessId, j.localDate, j.journeyId, j.stage, j.touchpoints, j.firstAt, j.lastAt, j.firstConversionAt]));
      await db.run(`INSERT OR IGNORE INTO events SELECT * FROM staging;
        INSERT INTO daily SELECT * FROM daily_delta ON CONFLICT DO UPDATE SET events = events + excluded.events,
          position_sum = position_sum + excluded.position_sum, position_count = position_count + excluded.position_count;
        INSERT INTO journey_days SELECT * FROM journey_delta ON CONFLICT DO UPDATE SET stage = greatest(stage, excluded.stage),
          touchpoints = touchpoints + excluded.touchpoints, first_ts = least(first_ts, excluded.first_ts), last_ts = greatest(last_ts, excluded.last_ts),
          first_conversion_ts = least(first_conversion_ts, excluded.first_conversion_ts);
        COMMIT;`);
    },
    daily: (id) => rows(`SELECT local_date, platform, type, events, position_sum, position_count FROM daily WHERE environment = 'live' AND business_id = $1 AND local_date BETWEEN $2 AND $3`, [id, YEAR.from, YEAR.to]),
    journeyDays: (id) => rows(`SELECT journey_id, stage, touchpoints, first_ts, last_ts FROM journey_days WHERE environment = 'live' AND business_id = $1 AND local_date BETWEEN $2 AND $3`, [id, YEAR.from, YEAR.to]),
    peers: (ids) => rows(`SELECT business_id, COUNT(DISTINCT journey_id), COUNT(DISTINCT CASE WHEN first_conversion_ts IS NOT NULL THEN journey_id END) FROM journey_days
      WHERE environment = 'live' AND business_id IN (SELECT unnest(string_split($1, ','))) AND local_date BETWEEN $2 AND $3 GROUP BY business_id`, [ids.join(','), YEAR.from, YEAR.to]),
    async close() {
      db.closeSync();
      instance.closeSync();
    },
  };
}

async function main(): Promise<void> {
  log(`${EVENTS.toLocaleString('en-US')} events over ${BUSINESSES} businesses, batches of ${BATCH}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const open of [sqliteEngine, duckEngine]) {
    const dir = mkdtempSync(join(tmpdir(), 'analytics-engines-'));
    const engine = await open(dir);
    try {
      await measure(engine);
    } finally {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
