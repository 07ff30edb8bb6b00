// `npm run bench:import`: generates N businesses into an import file (our own profile schema,
// written apart and timed apart), imports it with `npm run import`'s pipeline into a fresh store,
// and prints rows/s beside the target with the process's CPU time per row and the load average;
// on the embedded store the index build follows. `--engine mongo` imports into the MongoDB wire
// server with the change-stream indexer writing to Elasticsearch alongside (both started from the
// test harness) and reports the indexer's lag while the rows arrive and how long it takes to
// catch up once they stop.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createIndexer } from '../../indexer/indexer';
import { rebuildIndex } from '../../indexer/rebuildIndex';
import { openImportFile } from '../../src/adapters/importFiles/openImportFile';
import { createElasticsearchIndex } from '../../src/adapters/elasticsearch/elasticsearchIndex';
import { createMongoStore } from '../../src/adapters/mongo/mongoStore';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { createLogger } from '../../src/logger';
import type { SearchIndex } from '../../src/ports/searchIndex';
import type { Store } from '../../src/ports/store';
import { runBulkImport } from '../../src/services/import/bulkImport';
import type { BatchContext } from '../../src/services/import/importBatch';
import { importOwner } from '../../src/services/import/importOwner';
import { startElasticsearch } from '../../test/harness/elasticsearch';
import { startMongo } from '../../test/harness/mongo';
import { DEFAULT_IMPORT_THREADS, onThisThread, onWorkers } from '../import/importPipeline';
import { writeBusinessFile, type BusinessFileShape } from './businessFile';
import { businessStream } from './generateBusinesses';

export const IMPORT_TARGET_ROWS_PER_SECOND = 20_000;

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const cpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
const count = (n: number) => Math.round(n).toLocaleString('en-US');

function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' }, seed: { type: 'string' }, file: { type: 'string' }, dir: { type: 'string' }, engine: { type: 'string' },
      threads: { type: 'string' }, batch: { type: 'string' }, keep: { type: 'boolean' }, 'no-index': { type: 'boolean' }, shape: { type: 'string' },
    },
  });
  const count_ = Number(values.count ?? 100_000);
  // --shape overture: the rows an open data set gives (name, point, category, address, contact);
  // profiles (default): everything the search benchmark's businesses hold (services, hours, texts).
  const engine = values.engine ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'mongo') throw new Error('--engine must be sqlite or mongo');
  const threads = values.threads !== undefined ? Number(values.threads) : DEFAULT_IMPORT_THREADS;
  const shape = (values.shape ?? 'profiles') as BusinessFileShape;
  if (shape !== 'profiles' && shape !== 'overture') throw new Error('--shape must be profiles or overture');
  const batchSize = Number(values.batch ?? 5000);
  const dir = values.dir !== undefined ? resolve(values.dir) : mkdtempSync(join('/tmp', 'import-bench-'));
  mkdirSync(dir, { recursive: true });
  const loadAtStart = loadavg();
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    const file = values.file ?? join(dir, `businesses-${shape}-${count_}.ndjson`);
    if (!existsSync(file)) {
      const started = performance.now();
      const cpu = cpuSeconds();
      const written = await writeBusinessFile(file, businessStream(count_, values.seed ?? 'bench'), shape);
      log(`generate: ${count(written)} businesses in ${((performance.now() - started) / 1000).toFixed(1)} s (CPU ${(cpuSeconds() - cpu).toFixed(1)} s), ${(statSync(file).size / 1e6).toFixed(0)} MB`);
    }

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
      store = createSqliteStore({ file: join(dir, 'store.db'), cacheMiB: 128 });
    }
    cleanups.unshift(() => store.close());
    const owner = await importOwner(store, undefined, new Date());
    const context: BatchContext = { schema: shape, mapping: {}, settings: { environment: 'live', ownerId: owner.id, dataset: 'bench', status: 'published', strict: false } };
    const source = openImportFile(file, 'ndjson');

    // On MongoDB the indexer follows the change stream while the rows arrive, as `npm run indexer` would.
    const lags: number[] = [];
    let indexer: ReturnType<typeof createIndexer> | undefined;
    if (engine === 'mongo' && index) {
      await rebuildIndex({ feed: store.changeFeed, profiles: store.profiles, checkpoints: store.checkpoints, index, logger: createLogger('error') });
      indexer = createIndexer({ feed: store.changeFeed, checkpoints: store.checkpoints, profiles: store.profiles, index, logger: createLogger('error'), batchSize: 2000 });
      indexer.start();
    }
    const sampler = indexer && setInterval(() => void indexer?.status().then((status) => status.lastBatchLagMs !== null && lags.push(status.lastBatchLagMs)), 500);

    const started = performance.now();
    const cpu = cpuSeconds();
    const pipeline = { file: source, context, batchSize };
    const result = await runBulkImport(
      { store },
      {
        runKey: `bench-${Date.now()}`,
        imported: threads === 0 ? onThisThread(store, pipeline) : onWorkers(storeConfig, { ...pipeline, threads }),
        onBatch: (progress) => progress.tally.rows % 100_000 < batchSize && log(`  ${count(progress.tally.rows)} rows, ${count(progress.tally.rows / (progress.elapsedMs / 1000))}/s`),
      },
    );
    const importMs = performance.now() - started;
    const importCpu = cpuSeconds() - cpu;
    const rows = result.tally.rows;
    const rate = rows / (importMs / 1000);
    log(`import: ${count(rows)} rows (${count(result.tally.created)} created) in ${(importMs / 1000).toFixed(1)} s = ${count(rate)} rows/s ` +
      `(target >= ${count(IMPORT_TARGET_ROWS_PER_SECOND)}: ${rate >= IMPORT_TARGET_ROWS_PER_SECOND ? 'MET' : 'MISSED'}); CPU ${importCpu.toFixed(1)} s = ${((importCpu * 1e6) / rows).toFixed(0)} us per row over ${threads === 0 ? 1 : threads} thread(s) and this one; ` +
      `store calls ${(result.storeMs / 1000).toFixed(1)} s summed over threads; load average ${loadavg()[0].toFixed(1)}`);

    if (indexer && index) {
      const caughtUpFrom = performance.now();
      while ((await index.count('live')) < result.tally.created) await new Promise((resolve_) => setTimeout(resolve_, 250));
      if (sampler) clearInterval(sampler);
      await indexer.stop();
      log(`indexer (MongoDB change stream -> Elasticsearch): lag while importing p50 ${count(percentile(lags, 0.5))} ms, p95 ${count(percentile(lags, 0.95))} ms, ` +
        `max ${count(Math.max(0, ...lags))} ms (${lags.length} samples); every imported business searchable ${((performance.now() - caughtUpFrom) / 1000).toFixed(1)} s after the last row was written`);
    } else if (!values['no-index']) {
      index = createSqliteSearchIndex({ file: join(dir, 'search.db'), readerThreads: 0 });
      cleanups.unshift(() => (index as SearchIndex).close());
      const buildStarted = performance.now();
      const buildCpu = cpuSeconds();
      await rebuildIndex({ feed: store.changeFeed, profiles: store.profiles, checkpoints: store.checkpoints, index, logger: createLogger('error') });
      log(`index build: ${count(await index.count('live'))} documents in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s (CPU ${(cpuSeconds() - buildCpu).toFixed(1)} s); load average ${loadavg()[0].toFixed(1)}`);
    }
    log(`machine: ${cpus().length} CPUs, load average ${loadAtStart.map((x) => x.toFixed(1)).join(' ')} at start, ${loadavg().map((x) => x.toFixed(1)).join(' ')} at end`);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    if (!values.keep && values.dir === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(`bench:import failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
