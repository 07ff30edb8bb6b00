// `npm run bench:import`: generates N businesses into an import file (timed apart), imports it with
// `npm run import`'s pipeline into a fresh store, and prints rows/s beside the target with the CPU
// the import used per row (this process and its threads) and the load average; on the embedded
// store the index build follows. `--shape overture` imports what an open data set gives (name,
// point, category, address, contact) instead of the search benchmark's full profiles.
// `--engine mongo` imports into the MongoDB wire server with the change-stream indexer writing to
// Elasticsearch alongside (both started from the test harness), and reports the indexer's lag while
// the rows arrive and how long it takes to catch up once they stop. On the embedded store the engine's
// floor follows the import (importFloor.ts: the same rows copied by SQL alone).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createIndexer } from '../../indexer/indexer';
import { rebuildIndex } from '../../indexer/rebuildIndex';
import { createElasticsearchIndex } from '../../src/adapters/elasticsearch/elasticsearchIndex';
import { createMongoStore } from '../../src/adapters/mongo/mongoStore';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { createLogger } from '../../src/logger';
import type { SearchIndex } from '../../src/ports/searchIndex';
import type { Store } from '../../src/ports/store';
import { importOwner } from '../../src/services/import/importOwner';
import { startElasticsearch } from '../../test/harness/elasticsearch';
import { startMongo } from '../../test/harness/mongo';
import { DEFAULT_IMPORT_THREADS } from '../import/importPipeline';
import { IMPORT_STORE_TUNING } from '../import/importStoreTuning';
import { generateAndImport } from './importedBusinesses';
import { storeWriteFloor } from './importFloor';

const TARGET_ROWS_PER_SECOND = 20_000;
/** Rows the engine's floor copies: enough for a steady rate, few enough to take seconds. */
const FLOOR_ROWS = 100_000;

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const count = (n: number) => Math.round(n).toLocaleString('en-US');
const cpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' }, seed: { type: 'string' }, file: { type: 'string' }, dir: { type: 'string' }, engine: { type: 'string' },
      threads: { type: 'string' }, batch: { type: 'string' }, 'no-index': { type: 'boolean' }, shape: { type: 'string' },
    },
  });
  const rows = Number(values.count ?? 100_000);
  const engine = values.engine ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'mongo') throw new Error('--engine must be sqlite or mongo');
  const shape = values.shape ?? 'profiles';
  if (shape !== 'profiles' && shape !== 'overture') throw new Error('--shape must be profiles or overture');
  const threads = values.threads !== undefined ? Number(values.threads) : DEFAULT_IMPORT_THREADS;
  const dir = values.dir !== undefined ? resolve(values.dir) : mkdtempSync(join(tmpdir(), 'import-bench-'));
  mkdirSync(dir, { recursive: true });
  const loadAtStart = loadavg();
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    let store: Store;
    let index: SearchIndex | undefined;
    let storeConfig: { dataDir: string; mongodbUri?: string };
    if (engine === 'mongo') {
      const mongo = await startMongo();
      cleanups.push(() => mongo.stop());
      const elasticsearch = await startElasticsearch();
      cleanups.push(() => elasticsearch.stop());
      storeConfig = { dataDir: dir, mongodbUri: mongo.uriFor('import_bench') };
      store = await createMongoStore({ uri: storeConfig.mongodbUri as string });
      index = createElasticsearchIndex({ node: elasticsearch.url, alias: 'bench_profiles', logger: createLogger('error') });
    } else {
      rmSync(join(dir, 'store.db'), { force: true });
      storeConfig = { dataDir: dir };
      store = createSqliteStore({ file: join(dir, 'store.db'), ...IMPORT_STORE_TUNING });
    }
    cleanups.unshift(() => store.close());
    const owner = await importOwner(store, undefined, new Date());

    // On MongoDB the indexer follows the change stream while the rows arrive, as `npm run indexer` would.
    const lags: number[] = [];
    let indexer: ReturnType<typeof createIndexer> | undefined;
    if (engine === 'mongo' && index) {
      await rebuildIndex({ feed: store.changeFeed, profiles: store.profiles, checkpoints: store.checkpoints, index, logger: createLogger('error') });
      indexer = createIndexer({ feed: store.changeFeed, checkpoints: store.checkpoints, profiles: store.profiles, index, logger: createLogger('error'), batchSize: 2000 });
      indexer.start();
    }
    const sampler = indexer && setInterval(() => void indexer.status().then((status) => status.lastBatchLagMs !== null && lags.push(status.lastBatchLagMs)), 500);

    let reported = 0;
    // Measured from the end of the first batch: the generation before it is not the import's.
    let reportedCpu: number | undefined;
    const imported = await generateAndImport({
      store, storeConfig, count: rows, seed: values.seed ?? 'bench', ownerId: owner.id, dir, shape, threads,
      ...(values.file !== undefined && { file: values.file }),
      ...(values.batch !== undefined && { batchSize: Number(values.batch) }),
      onBatch: (progress) => {
        if (reportedCpu === undefined) {
          reportedCpu = cpuSeconds();
          reported = progress.tally.rows;
        }
        if (progress.tally.rows - reported < 100_000) return;
        // CPU a row over the rows since the last line: how the cost grows with the store.
        const cpu = cpuSeconds();
        const cpuUs = ((cpu - reportedCpu) * 1e6) / (progress.tally.rows - reported);
        reported = progress.tally.rows;
        reportedCpu = cpu;
        log(`  ${count(progress.tally.rows)} rows, ${count(progress.tally.rows / (progress.elapsedMs / 1000))}/s, CPU ${count(cpuUs)} us a row since the last line, load average ${loadavg()[0].toFixed(1)}`);
      },
    });
    if (values.file === undefined) log(`generate: ${count(imported.rows)} ${shape} rows in ${(imported.generateMs / 1000).toFixed(1)} s (CPU ${(imported.generateCpuMs / 1000).toFixed(1)} s), ${(imported.fileBytes / 1e6).toFixed(0)} MB`);
    const rate = imported.rows / (imported.importMs / 1000);
    const cpuShare = imported.importCpuMs / (imported.importMs * cpus().length);
    log(`import: ${count(imported.rows)} rows (${count(imported.tally.created)} created, ${count(imported.tally.refused + imported.tally.duplicates)} refused) in ` +
      `${(imported.importMs / 1000).toFixed(1)} s = ${count(rate)} rows/s (target >= ${count(TARGET_ROWS_PER_SECOND)}: ${rate >= TARGET_ROWS_PER_SECOND ? 'MET' : 'MISSED'}) on ${threads === 0 ? 'this thread' : `${threads} threads`}; ` +
      `CPU ${(imported.importCpuMs / 1000).toFixed(1)} s = ${count((imported.importCpuMs * 1000) / imported.rows)} us a row, ${(cpuShare * 100).toFixed(0)} % of the ${cpus().length} cores' time; load average ${loadavg()[0].toFixed(1)}`);

    if (engine === 'sqlite') {
      const floorRows = Math.min(imported.tally.created, FLOOR_ROWS);
      const floor = await storeWriteFloor({ source: join(dir, 'store.db'), dir, rows: floorRows, batchSize: values.batch !== undefined ? Number(values.batch) : 5000, cacheMiB: 128 });
      log(`floor (the first ${count(floor.profiles)} profiles and their ${count(floor.keys)} keys copied by SQL into a fresh store, no JavaScript a row): ` +
        `${count(floor.profiles / (floor.ms / 1000))} rows/s, CPU ${count((floor.cpuMs * 1000) / floor.profiles)} us a row against the import's ${count((imported.importCpuMs * 1000) / imported.rows)}; load average ${loadavg()[0].toFixed(1)}`);
    }

    if (indexer && index) {
      const caughtUpFrom = performance.now();
      while ((await index.count('live')) < imported.tally.created) await new Promise((resolve_) => setTimeout(resolve_, 250));
      if (sampler) clearInterval(sampler);
      await indexer.stop();
      log(`indexer (MongoDB change stream -> Elasticsearch): lag while importing p50 ${count(percentile(lags, 0.5))} ms, p95 ${count(percentile(lags, 0.95))} ms, ` +
        `max ${count(Math.max(0, ...lags))} ms (${lags.length} samples); every imported business searchable ${((performance.now() - caughtUpFrom) / 1000).toFixed(1)} s after the last row was written`);
    } else if (!values['no-index']) {
      const sqliteIndex = createSqliteSearchIndex({ file: join(dir, 'search.db'), readerThreads: 0 });
      cleanups.unshift(() => sqliteIndex.close());
      const started = performance.now();
      const cpu = cpuSeconds();
      await rebuildIndex({ feed: store.changeFeed, profiles: store.profiles, checkpoints: store.checkpoints, index: sqliteIndex, logger: createLogger('error') });
      log(`index build: ${count(await sqliteIndex.count('live'))} documents in ${((performance.now() - started) / 1000).toFixed(1)} s (CPU ${(cpuSeconds() - cpu).toFixed(1)} s); load average ${loadavg()[0].toFixed(1)}`);
    }
    log(`machine: ${cpus().length} CPUs, load average ${loadAtStart.map((x) => x.toFixed(1)).join(' ')} at start, ${loadavg().map((x) => x.toFixed(1)).join(' ')} at end`);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    if (values.dir === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(`bench:import failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
