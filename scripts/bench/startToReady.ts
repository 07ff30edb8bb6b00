// Start-to-ready of one API process: from spawning it to its first 200 on /v1/health (it serves)
// and on /v1/ready (every engine answers), and the CPU its processes used until then. Each way of
// running the server is timed on a fresh data directory and again on the same one (a restart),
// several times. On a shared machine the wall time is mostly waiting for a core: the CPU seconds
// are what the start itself costs, and the load average is printed beside both.
//
//   npm run bench:start-to-ready                      # embedded default (SQLite): tsx and compiled
//   npm run bench:start-to-ready -- --fleet           # also on MongoDB + Elasticsearch + Redis (the fleet's engines)
//   npm run bench:start-to-ready -- --runs 5 --only compiled
//
// "compiled" runs what `npm run build` wrote (it builds first and reports how long that took), as
// `npm run start:prod` and the fleet do; "tsx" runs the TypeScript sources, as `npm start` does.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnEngine, type EngineProcess } from '../../test/harness/engineProcess';
import { startElasticsearch } from '../../test/harness/elasticsearch';
import { freePort } from '../../test/harness/freePort';
import { startMongo } from '../../test/harness/mongo';
import { startRedis } from '../../test/harness/redis';
import { productionEnvironment } from '../fleet/fleet';
import { buildCompiled, COMPILED_PROCESSES, REPO_ROOT } from '../runtime/compiledBuild';

const COMMANDS = {
  tsx: [join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server.ts'],
  compiled: COMPILED_PROCESSES.api,
} as const;
type Mode = keyof typeof COMMANDS;
const TIMEOUT_MS = 180_000;
const CLOCK_TICKS_PER_SECOND = 100;

interface Timing {
  health: number;
  ready: number;
  cpu: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

async function ok(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** User + system CPU seconds of every process in the group (tsx runs the server in a child of its own). */
function groupCpuSeconds(group: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command's closing parenthesis: state ppid pgrp ... utime(14) stime(15).
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

/** Spawns the server and polls every 20 ms: the first 200 of /health, then of /ready. */
async function timeStart(mode: Mode, dataDir: string, env: Record<string, string>): Promise<{ timing: Timing; process: EngineProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/v1`;
  const started = performance.now();
  const server = spawnEngine(`api-${mode}`, process.execPath, [...COMMANDS[mode]], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let health: number | undefined;
  while (performance.now() - started < TIMEOUT_MS) {
    if (server.hasExited()) throw new Error(`the ${mode} server exited while starting:\n${server.output()}`);
    if (health === undefined && (await ok(`${base}/health`))) health = performance.now() - started;
    if (health !== undefined && (await ok(`${base}/ready`))) {
      return { timing: { health, ready: performance.now() - started, cpu: groupCpuSeconds(server.pid) }, process: server };
    }
    await sleep(20);
  }
  await server.stop(5_000);
  throw new Error(`the ${mode} server was not ready within ${TIMEOUT_MS / 1000} s:\n${server.output()}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measure(label: string, mode: Mode, runs: number, env: () => Record<string, string>): Promise<void> {
  const first: Timing[] = [];
  const again: Timing[] = [];
  const loadBefore = load();
  for (let run = 0; run < runs; run += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bdapi-start-'));
    const settings = env();
    try {
      // A fresh data directory (migrations, first index), then a restart on the same one.
      for (const into of [first, again]) {
        const { timing, process: server } = await timeStart(mode, dataDir, settings);
        into.push(timing);
        await server.stop(15_000);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const seconds = (value: number) => value.toFixed(2);
  const row = (what: string, timings: Timing[]) =>
    `| ${label} | ${mode} | ${what} | ${seconds(median(timings.map((t) => t.health / 1000)))} (${timings.map((t) => seconds(t.health / 1000)).join(', ')}) | ` +
    `${seconds(median(timings.map((t) => t.ready / 1000)))} | ${seconds(median(timings.map((t) => t.cpu)))} (${timings.map((t) => seconds(t.cpu)).join(', ')}) | ${loadBefore} -> ${load()} |`;
  console.log(row('fresh data dir', first));
  console.log(row('restart', again));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, only: { type: 'string' }, fleet: { type: 'boolean', default: false } },
  });
  const runs = Math.max(1, Number(values.runs));
  const modes = (values.only ? [values.only] : Object.keys(COMMANDS)) as Mode[];
  if (modes.includes('compiled')) {
    const loadBefore = load();
    console.log(`npm run build: ${buildCompiled().seconds.toFixed(1)} s (load average ${loadBefore} -> ${load()})`);
  }
  console.log(`start-to-ready, median of ${runs} (each run in brackets), seconds; node ${process.version}`);
  console.log('| engines | how | start | serves (/health) | ready (/ready) | CPU until ready | load average |');
  console.log('|---|---|---|---|---|---|---|');
  for (const mode of modes) await measure('embedded SQLite', mode, runs, () => ({}));
  if (!values.fleet) return;
  const [redis, elasticsearch, mongo] = await Promise.all([startRedis(), startElasticsearch(), startMongo()]);
  try {
    let database = 0;
    for (const mode of modes) {
      const env = () => productionEnvironment({ mongodbUri: mongo.uriFor(`start_${(database += 1)}`), elasticsearchUrl: elasticsearch.url, redisUrl: redis.url });
      await measure('MongoDB + Elasticsearch + Redis', mode, runs, env);
    }
  } finally {
    await Promise.all([redis.stop(), elasticsearch.stop(), mongo.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
