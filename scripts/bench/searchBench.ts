// `npm run bench:search`: generates N businesses into an import file, imports them with `npm run
// import`'s pipeline into a fresh DATA_DIR, builds the search index with the indexer's full reindex, measures the raw
// index floor in-process, then starts the real server as a child process and drives the
// consumer, directory and partner search endpoints with autocannon. Prints a table against the
// search targets (100 000 businesses), then each stage (generate, import, build, raw, API, 10 connections) beside its
// target, and writes bench-results/search-<engine>-<timestamp>.json.
// Everything stays on 127.0.0.1; the server child and the temp dir are removed on exit,
// Ctrl-C and errors alike.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { openSearchIndex } from '../../src/runtime/openSearchIndex';
import { openStore } from '../../src/runtime/openStore';
import { createBenchAccount } from './benchAccount';
import { ES_BENCH_INDEX, parseBenchOptions, USAGE, type BenchOptions } from './benchOptions';
import { checkTargets, formatReport, writeReport, type BenchReport, type ScenarioResult } from './benchReport';
import { benchScenarios, type Scenario } from './benchScenarios';
import { buildBenchIndex } from './buildBenchIndex';
import { emptyTally } from '../../src/services/import/importTally';
import { generateAndImport, type ImportedBusinesses } from './importedBusinesses';
import { stageLines } from './stageTargets';
import { runHttpLoad, stopHttpLoad, type HttpRun } from './httpLoad';
import { preflight } from './preflight';
import { startReplayServer } from './replayServer';
import { startSearchFloor } from './searchFloor';
import { measureRawFloor, type RawFloor } from './rawIndexFloor';
import { startServer, waitUntilIndexed } from './serverProcess';

const REPO_ROOT = resolve(__dirname, '../..');
/** Settings of the caller's shell the bench must not pass on: other engines, an LLM, another data dir. */
const SCRUBBED_ENV = [
  'MONGODB_URI', 'REDIS_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'ELASTICSEARCH_URL',
  'ELASTICSEARCH_INDEX', 'IN_PROCESS_INDEXER', 'PORT', 'HOST', 'DATA_DIR', 'JWT_SECRET',
];

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function engineEnv(options: BenchOptions, dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    IN_PROCESS_INDEXER: 'true',
    // The floor and the server score text the same way (SEARCH_RANK_EXTENSION=false: FTS5's bm25()).
    ...(process.env.SEARCH_RANK_EXTENSION !== undefined && { SEARCH_RANK_EXTENSION: process.env.SEARCH_RANK_EXTENSION }),
    ...(options.esUrl !== undefined && { ELASTICSEARCH_URL: options.esUrl, ELASTICSEARCH_INDEX: ES_BENCH_INDEX }),
  };
}

function serverEnv(options: BenchOptions, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SCRUBBED_ENV) delete env[name];
  return { ...env, ...engineEnv(options, dataDir) };
}

function assertClean(scenario: Scenario, phase: string, run: HttpRun): void {
  if (run.errors + run.timeouts + run.non2xx === 0) return;
  throw new Error(
    `${scenario.name} (${phase}): ${run.errors} connection errors, ${run.timeouts} timeouts, ${run.non2xx} non-2xx answers ` +
      `(status codes ${JSON.stringify(run.statusCodes)}). Numbers measured over failing requests are meaningless; fix the cause and rerun.`,
  );
}

async function main(options: BenchOptions, closers: Array<() => Promise<unknown>>, dataDir: string): Promise<void> {
  const startedAt = new Date().toISOString();
  const loadAtStart = loadavg()[0];
  const engine = options.engine;
  // The floor runs the index on this thread: the server's reader threads are part of what it measures.
  const config = loadConfig({ ...engineEnv(options, dataDir), SEARCH_READER_THREADS: '0' });
  const logger = createLogger('warn');

  const kept = keptDataSet(options, dataDir);
  const store = await openStore(config, logger);
  closers.push(() => store.close());
  const account = await createBenchAccount(store);
  let loaded: ImportedBusinesses;
  let built: { indexed: number; elapsedMs: number; peakRssMiB?: number };
  let index: Awaited<ReturnType<typeof openSearchIndex>>;
  if (kept) {
    log(`reusing the ${kept.count} businesses (seed "${kept.seed}") kept in ${dataDir}: load and index times are from when they were built`);
    ({ loaded, built } = kept);
    index = await openSearchIndex(config, logger);
    closers.push(() => index.close());
  } else {
    log(`generating ${options.count} businesses (seed "${options.seed}") into an import file, then importing them into ${dataDir}`);
    let reported = 0;
    loaded = await generateAndImport({
      store, storeConfig: { dataDir }, count: options.count, seed: options.seed, ownerId: account.accountId, dir: dataDir,
      onBatch: (p) => {
        if (p.tally.rows - reported < 50_000) return;
        reported = p.tally.rows;
        log(`  ${p.tally.rows} imported (${Math.round(p.tally.rows / (p.elapsedMs / 1000))}/s)`);
      },
    });
    log(`generated ${loaded.rows} in ${seconds(loaded.generateMs)} (${(loaded.fileBytes / 1e6).toFixed(0)} MB); imported in ${seconds(loaded.importMs)} ` +
      `(${Math.round(loaded.rows / (loaded.importMs / 1000))} rows/s, ${Math.round((loaded.importCpuMs * 1000) / loaded.rows)} us CPU a row; ${loaded.tally.created} created, ${loaded.tally.refused + loaded.tally.duplicates} refused)`);
    index = await openSearchIndex(config, logger);
    closers.push(() => index.close());
    built = await buildBenchIndex({ store, index, logger, onProgress: (p) => p.scanned % 20_000 === 0 && log(`  ${p.indexed} indexed`) });
    log(`indexed ${built.indexed} (${engine}) in ${seconds(built.elapsedMs)}, peak RSS ${built.peakRssMiB} MiB`);
    if (options.dataDir !== undefined) writeFileSync(join(dataDir, KEPT_MARKER), JSON.stringify({ count: options.count, seed: options.seed, engine, loaded, built }));
  }

  const scenarios = benchScenarios();
  const floors = new Map<string, RawFloor>();
  for (const scenario of scenarios) {
    const floor = await measureRawFloor(index, await scenario.indexQueries(), { iterations: options.rawIterations });
    floors.set(scenario.name, floor);
    log(`raw ${scenario.name}: p50 ${floor.latency.p50} ms, p99 ${floor.latency.p99} ms (${floor.queriesPerSecond} q/s)`);
    if (options.rawOnly) {
      for (const [i, request] of scenario.requests.entries()) {
        log(`  ${floor.perQuery[i].p50.toFixed(2).padStart(7)} ms  ${String(floor.perQuery[i].total).padStart(7)} matches  ${request.body ?? request.path}`);
      }
    }
  }
  // The server opens the same files; this process lets go of them before it starts.
  await index.close();
  await store.close();
  if (options.rawOnly) return;

  log('starting the server (src/server.ts) on 127.0.0.1');
  const server = await startServer({ repoRoot: REPO_ROOT, dataDir, env: serverEnv(options, dataDir) });
  closers.push(() => server.stop());
  await waitUntilIndexed(server.baseUrl, account.apiKey);
  log(`server ${server.baseUrl} (pid ${server.pid}) is up and its indexer has nothing pending`);

  const preflights: Array<Awaited<ReturnType<typeof preflight>>> = [];
  for (const scenario of scenarios) preflights.push(await preflight(server.baseUrl, account.apiKey, scenario.requests));
  const recorded = preflights.flatMap((p) => p.recorded);
  const replay = await startReplayServer(recorded, 'node');
  closers.push(() => replay.stop());
  const koaReplay = await startReplayServer(recorded, 'koa');
  closers.push(() => koaReplay.stop());
  const searchFloor = await startSearchFloor(scenarios, serverEnv(options, dataDir));
  closers.push(() => searchFloor.stop());

  // What recording the answers' analytics events costs: a second server on the same data
  // with ANALYTICS_RECORDING=false (and no indexer of its own), driven at 1 connection right after
  // the recording one, scenario by scenario, so both see the same moment of a shared machine. The
  // directory records nothing: its difference is the noise floor of the comparison.
  const quiet = await startServer({ repoRoot: REPO_ROOT, dataDir, env: { ...serverEnv(options, dataDir), ANALYTICS_RECORDING: 'false', IN_PROCESS_INDEXER: 'false' } });
  closers.push(() => quiet.stop());
  const recordingCost: string[] = [];

  const results: ScenarioResult[] = [];
  for (const [i, scenario] of scenarios.entries()) {
    const drive = (baseUrl: string, connections: number, durationSeconds: number) =>
      runHttpLoad({ baseUrl, apiKey: account.apiKey, requests: scenario.requests, connections, durationSeconds });
    if (options.warmup > 0) assertClean(scenario, 'warm-up', await drive(server.baseUrl, options.connections, options.warmup));
    const api = await drive(server.baseUrl, 1, options.latencyDuration);
    assertClean(scenario, '1 connection', api);
    if (options.warmup > 0) assertClean(scenario, 'warm-up, recording off', await drive(quiet.baseUrl, options.connections, options.warmup));
    const off = await drive(quiet.baseUrl, 1, options.latencyDuration);
    assertClean(scenario, 'recording off', off);
    recordingCost.push(
      `analytics recording ${scenario.name}: 1 conn p50 ${api.latency.p50} ms on / ${off.latency.p50} ms off (${(api.latency.p50 - off.latency.p50).toFixed(2)} ms), ` +
        `p99 ${api.latency.p99} ms on / ${off.latency.p99} ms off${scenario.name === 'directory' ? ' (records nothing: the noise floor)' : ''}`,
    );
    const load = await drive(server.baseUrl, options.connections, options.duration);
    assertClean(scenario, `${options.connections} connections`, load);
    const transport = await drive(replay.baseUrl, 1, options.latencyDuration);
    assertClean(scenario, 'transport floor', transport);
    const framework = await drive(koaReplay.baseUrl, 1, options.latencyDuration);
    assertClean(scenario, 'framework floor', framework);
    const searchOnly = await drive(searchFloor.baseUrl, 1, options.latencyDuration);
    assertClean(scenario, 'search floor', searchOnly);
    const raw = floors.get(scenario.name) as RawFloor;
    log(`api ${scenario.name}: 1 conn p50 ${api.latency.p50} ms; ${options.connections} conn p99 ${load.latency.p99} ms, ${load.requestsPerSecond} req/s; transport floor p50 ${transport.latency.p50} ms; framework floor p50 ${framework.latency.p50} ms; search floor p50 ${searchOnly.latency.p50} ms`);
    results.push({
      name: scenario.name,
      label: scenario.label,
      distinctRequests: scenario.requests.length,
      raw,
      api,
      load,
      transport,
      framework,
      searchFloor: searchOnly,
      searchFloorOverheadAtP50: raw.latency.p50 > 0 ? searchOnly.latency.p50 / raw.latency.p50 - 1 : 0,
      overheadAtP50: raw.latency.p50 > 0 ? api.latency.p50 / raw.latency.p50 - 1 : 0,
      overheadBeyondTransportAtP50: raw.latency.p50 > 0 ? (api.latency.p50 - transport.latency.p50) / raw.latency.p50 - 1 : 0,
      ...(scenario.p99TargetMs !== undefined && { p99TargetMs: scenario.p99TargetMs }),
      preflight: preflights[i].answers,
    });
  }
  await searchFloor.stop();
  await koaReplay.stop();
  await replay.stop();
  await quiet.stop();
  await server.stop();


  const report: BenchReport = {
    startedAt,
    finishedAt: new Date().toISOString(),
    engine,
    options,
    machine: { cpus: cpus().length, node: process.versions.node, platform: `${process.platform}-${process.arch}`, loadAverage: { start: loadAtStart, end: loadavg()[0] } },
    dataset: {
      count: loaded.rows, seed: options.seed, generateMs: Math.round(loaded.generateMs), importMs: Math.round(loaded.importMs), importCpuMs: Math.round(loaded.importCpuMs),
      indexMs: Math.round(built.elapsedMs), indexPeakRssMiB: built.peakRssMiB, indexed: built.indexed,
    },
    scenarios: results,
    targets: checkTargets(results),
  };
  console.log(`\n${formatReport(report)}\n`);
  const byName = <T>(pick: (s: ScenarioResult) => T) => Object.fromEntries(results.map((s) => [s.name, pick(s)]));
  for (const line of stageLines({
    count: loaded.rows, generateMs: loaded.generateMs, importMs: loaded.importMs, importRows: loaded.rows, importCpuUsPerRow: (loaded.importCpuMs * 1000) / loaded.rows, buildMs: built.elapsedMs, buildPeakRssMiB: built.peakRssMiB,
    raw: byName((s) => ({ p50: s.raw.latency.p50, p99: s.raw.latency.p99 })),
    api: byName((s) => ({ p50: s.api.latency.p50, p99: s.api.latency.p99 })),
    load: byName((s) => ({ connections: s.load.connections, requestsPerSecond: s.load.requestsPerSecond, p99: s.load.latency.p99 })),
  })) console.log(line);
  console.log('');
  for (const line of recordingCost) console.log(line);
  log(`results written to ${writeReport(report, resolve(REPO_ROOT, options.outDir))}`);
}

/** Written into a kept data directory (--data-dir) once its store and index are complete. */
const KEPT_MARKER = 'bench-data.json';

interface KeptDataSet {
  count: number;
  seed: string;
  loaded: ImportedBusinesses;
  built: { indexed: number; elapsedMs: number };
}

/** The data set a kept directory holds, when it is the one asked for (same count, seed and engine). */
function keptDataSet(options: BenchOptions, dataDir: string): KeptDataSet | null {
  const marker = join(dataDir, KEPT_MARKER);
  if (options.dataDir === undefined || !existsSync(marker)) return null;
  const kept = JSON.parse(readFileSync(marker, 'utf8')) as KeptDataSet & { engine: string };
  if (kept.count !== options.count || kept.seed !== options.seed || kept.engine !== options.engine) {
    throw new Error(`${dataDir} holds ${kept.count} businesses (seed "${kept.seed}", ${kept.engine}); remove it or pass another --data-dir`);
  }
  return { ...kept, loaded: importedOf(kept.loaded) };
}

/** A directory kept before the benchmark loaded through the importer says how its store was loaded instead (no import file, no CPU). */
interface StoreLoaded {
  loaded: number;
  elapsedMs: number;
  storeMs: number;
}

function importedOf(loaded: ImportedBusinesses | StoreLoaded): ImportedBusinesses {
  if (!('storeMs' in loaded)) return loaded;
  const tally = { ...emptyTally(), rows: loaded.loaded, created: loaded.loaded };
  return { rows: loaded.loaded, generateMs: loaded.elapsedMs - loaded.storeMs, generateCpuMs: 0, fileBytes: 0, importMs: loaded.storeMs, importCpuMs: Number.NaN, tally };
}

async function run(): Promise<void> {
  let options: BenchOptions | 'help';
  try {
    options = parseBenchOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const dataDir = options.dataDir !== undefined ? resolve(options.dataDir) : mkdtempSync(join(tmpdir(), 'search-bench-'));
  if (options.dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const closers: Array<() => Promise<unknown>> = [];
  let cleaned = false;
  let interrupted = false as boolean; // set by the signal handler while main runs
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const close of closers.reverse()) await close().catch(() => undefined);
    if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  };
  const interrupt = (signal: NodeJS.Signals) => {
    interrupted = true;
    log(`${signal}: stopping the server and removing ${dataDir}`);
    stopHttpLoad();
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    await main(options, closers, dataDir);
  } catch (error) {
    // After Ctrl-C the run fails on purpose (the server goes away under autocannon); say nothing more.
    if (!interrupted) console.error(`\nbench:search failed: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

void run();
