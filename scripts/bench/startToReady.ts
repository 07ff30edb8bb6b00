// Start-to-ready of one API process: from spawning it to its first 200 on /v1/health (it serves)
// and on /v1/ready (every engine answers). Each way of running the server is timed on a fresh
// data directory and again on the same one (a restart), several times, with the load average
// beside the figures.
//
//   npm run bench:start-to-ready                      # embedded default (SQLite), tsx and compiled
//   npm run bench:start-to-ready -- --fleet           # also on MongoDB + Elasticsearch + Redis (the fleet's engines)
//   npm run bench:start-to-ready -- --runs 5 --only compiled
//
// "compiled" runs what `npm run build` wrote (dist/), as `npm run start:prod` and the fleet do;
// "tsx" runs the TypeScript sources, as `npm start` does.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnEngine, type EngineProcess } from '../../test/harness/engineProcess';
import { startElasticsearch } from '../../test/harness/elasticsearch';
import { freePort } from '../../test/harness/freePort';
import { startMongo } from '../../test/harness/mongo';
import { startRedis } from '../../test/harness/redis';

const ROOT = resolve(__dirname, '../..');
const COMMANDS = {
  tsx: [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server.ts'],
  compiled: ['--enable-source-maps', 'dist/src/server.js'],
} as const;
type Mode = keyof typeof COMMANDS;
const TIMEOUT_MS = 120_000;

interface Timing {
  health: number;
  ready: number;
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

/** Spawns the server and polls every 20 ms: the first 200 of /health, then of /ready. */
async function timeStart(mode: Mode, dataDir: string, env: Record<string, string>): Promise<{ timing: Timing; process: EngineProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/v1`;
  const started = performance.now();
  const server = spawnEngine(`api-${mode}`, process.execPath, [...COMMANDS[mode]], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let health: number | undefined;
  while (performance.now() - started < TIMEOUT_MS) {
    if (server.hasExited()) throw new Error(`the ${mode} server exited while starting:\n${server.output()}`);
    if (health === undefined && (await ok(`${base}/health`))) health = performance.now() - started;
    if (health !== undefined && (await ok(`${base}/ready`))) return { timing: { health, ready: performance.now() - started }, process: server };
    await sleep(20);
  }
  await server.stop(5_000);
  throw new Error(`the ${mode} server was not ready within ${TIMEOUT_MS / 1000} s:\n${server.output()}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measure(label: string, mode: Mode, runs: number, env: Record<string, string>): Promise<void> {
  const first: Timing[] = [];
  const again: Timing[] = [];
  const loadBefore = load();
  for (let run = 0; run < runs; run += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bdapi-start-'));
    try {
      // A fresh data directory (migrations, first index), then a restart on the same one.
      for (const into of [first, again]) {
        const { timing, process: server } = await timeStart(mode, dataDir, env);
        into.push(timing);
        await server.stop(15_000);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const row = (what: string, timings: Timing[]) =>
    `| ${label} | ${mode} | ${what} | ${seconds(median(timings.map((t) => t.health)))} (${timings.map((t) => seconds(t.health)).join(', ')}) | ${seconds(median(timings.map((t) => t.ready)))} |`;
  console.log(row('fresh data dir', first));
  console.log(row('restart', again));
  console.log(`|   | load average ${loadBefore} -> ${load()} | | | |`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, only: { type: 'string' }, fleet: { type: 'boolean', default: false } },
  });
  const runs = Math.max(1, Number(values.runs));
  const modes = (values.only ? [values.only] : Object.keys(COMMANDS)) as Mode[];
  if (modes.includes('compiled') && !existsSync(join(ROOT, 'dist/src/server.js'))) throw new Error('dist/src/server.js is missing: run `npm run build` first');
  console.log(`start-to-ready, median of ${runs} (each run), seconds; node ${process.version}`);
  console.log('| engines | how | start | serves (/health) | ready (/ready) |');
  console.log('|---|---|---|---|---|');
  for (const mode of modes) await measure('embedded SQLite', mode, runs, {});
  if (!values.fleet) return;
  const [redis, elasticsearch, mongo] = await Promise.all([startRedis(), startElasticsearch(), startMongo()]);
  try {
    for (const mode of modes) {
      const env = {
        NODE_ENV: 'production',
        MONGODB_URI: mongo.uriFor(`start_${mode}`),
        ELASTICSEARCH_URL: elasticsearch.url,
        REDIS_URL: redis.url,
        JWT_SECRET: randomBytes(32).toString('base64url'),
        WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64url'),
        IN_PROCESS_INDEXER: 'false',
        IN_PROCESS_WEBHOOKS: 'false',
      };
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
