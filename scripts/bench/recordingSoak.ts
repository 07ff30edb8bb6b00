// `npm run bench:recording-soak`: what recording the service's own analytics events costs every
// endpoint. The real server (src/server.ts, embedded engines) on loopback, the same
// data, driven by a closed-loop mix at 10 connections (40 % consumer search, 30 % directory, 25 %
// profile reads, 5 % creates) for a bounded time with ANALYTICS_RECORDING on and off, back to back,
// alternating which goes first each round; resident memory of the server sampled throughout, and
// per minute beside its V8 heaps (memoryProbe.cjs, preloaded into the server; heapSamples.ts).
//   npm run bench:recording-soak -- [--count 20000] [--seconds 150] [--rounds 1] [--connections 10]
//                                   [--data-dir DIR] [--seed S] [--only on|off]
// --only on --seconds 1800: one long run with recording on, for the memory plateau.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { openSearchIndex } from '../../src/runtime/openSearchIndex';
import { openStore } from '../../src/runtime/openStore';
import { createBenchAccount } from './benchAccount';
import { CONSUMER_BODIES, DIRECTORY_QUERIES } from './benchScenarios';
import { buildBenchIndex } from './buildBenchIndex';
import { businessStream } from './generateBusinesses';
import type { LatencySummary } from './latencySummary';
import { loadBusinesses } from './loadBusinesses';
import { type MixedRequest, type MixedRun, runMixedLoad } from './mixedLoad';
import { type MinuteOfMemory, minutesOfMemory, probeEnvironment } from './heapSamples';
import { type ProcessMemory, serverMemory } from './processMemory';
import { startServer, waitUntilIndexed } from './serverProcess';

const { values } = parseArgs({
  options: {
    count: { type: 'string' }, seconds: { type: 'string' }, rounds: { type: 'string' }, connections: { type: 'string' },
    'data-dir': { type: 'string' }, seed: { type: 'string' }, only: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});
if (values.help) {
  console.log('npm run bench:recording-soak -- [--count 20000] [--seconds 150] [--rounds 1] [--connections 10] [--data-dir DIR] [--seed S] [--only on|off]');
  process.exit(0);
}
const whole = (name: string, raw: string | undefined, fallback: number, max: number) => {
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > max) throw new Error(`--${name} must be a whole number from 1 to ${max} (got "${raw}")`);
  return value;
};
const COUNT = whole('count', values.count, 20_000, 2_000_000);
const SECONDS = whole('seconds', values.seconds, 150, 7_200);
const ROUNDS = whole('rounds', values.rounds, 1, 20);
const CONNECTIONS = whole('connections', values.connections, 10, 100);
const SEED = values.seed ?? 'soak';
if (values.only !== undefined && values.only !== 'on' && values.only !== 'off') throw new Error('--only must be on or off');
const WARMUP_SECONDS = 10;
const MEMORY_EVERY_MS = 10_000;
const REPO_ROOT = resolve(__dirname, '../..');
const MARKER = 'soak-data.json';
/** Settings of the caller's shell the soak must not pass on: other engines, an LLM, another data dir. */
const SCRUBBED_ENV = ['MONGODB_URI', 'REDIS_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ELASTICSEARCH_URL', 'ANALYTICS_ENGINE', 'PORT', 'HOST', 'DATA_DIR', 'ANALYTICS_RECORDING'];

const log = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);

interface SoakData {
  count: number;
  seed: string;
  profileIds: string[];
}

/** The businesses and the search index, loaded once (kept in --data-dir for the next run). */
async function prepareData(dataDir: string): Promise<{ data: SoakData; apiKey: string }> {
  const config = loadConfig({ DATA_DIR: dataDir, IN_PROCESS_INDEXER: 'false', LOG_LEVEL: 'warn', SEARCH_READER_THREADS: '0' });
  const logger = createLogger('warn');
  const store = await openStore(config, logger);
  try {
    const account = await createBenchAccount(store);
    const marker = join(dataDir, MARKER);
    if (existsSync(marker)) {
      const kept = JSON.parse(readFileSync(marker, 'utf8')) as SoakData;
      if (kept.count !== COUNT || kept.seed !== SEED) throw new Error(`${dataDir} holds ${kept.count} businesses (seed ${kept.seed}); remove it or pass another --data-dir`);
      log(`reusing ${kept.count} businesses kept in ${dataDir}`);
      return { data: kept, apiKey: account.apiKey };
    }
    const profileIds: string[] = [];
    const profiles = function* () {
      for (const profile of businessStream(COUNT, SEED, { ownerId: account.accountId })) {
        if (profileIds.length < 500) profileIds.push(profile.id);
        yield profile;
      }
    };
    const loaded = await loadBusinesses(store, profiles());
    const index = await openSearchIndex(config, logger);
    try {
      const built = await buildBenchIndex({ store, index, logger });
      log(`loaded ${loaded.loaded} businesses and indexed ${built.indexed} in ${((loaded.elapsedMs + built.elapsedMs) / 1000).toFixed(1)} s`);
    } finally {
      await index.close();
    }
    const data = { count: COUNT, seed: SEED, profileIds };
    writeFileSync(marker, JSON.stringify(data));
    return { data, apiKey: account.apiKey };
  } finally {
    await store.close();
  }
}

/** 40 / 30 / 25 / 5 in a smooth weighted rotation, each class cycling through its own requests. */
function rotation(profileIds: string[]): MixedRequest[] {
  let created = 0;
  const classes: Array<{ weight: number; requests: MixedRequest[] }> = [
    { weight: 40, requests: CONSUMER_BODIES.map((body) => ({ kind: 'consumer', method: 'POST', path: '/v1/api/v1/consumer/search', body: () => JSON.stringify(body) })) },
    { weight: 30, requests: DIRECTORY_QUERIES.map((params) => ({ kind: 'directory', method: 'GET', path: `/v1/api/v1/directory?${new URLSearchParams(params)}` })) },
    { weight: 25, requests: profileIds.map((id) => ({ kind: 'read', method: 'GET', path: `/v1/business/profile/${id}` })) },
    { weight: 5, requests: [{ kind: 'create', method: 'POST', path: '/v1/business/profile', body: () => JSON.stringify(newProfile((created += 1))) }] },
  ];
  const credit = classes.map(() => 0);
  const taken = classes.map(() => 0);
  const out: MixedRequest[] = [];
  for (let slot = 0; slot < 2000; slot += 1) {
    classes.forEach((c, i) => (credit[i] += c.weight));
    const pick = credit.indexOf(Math.max(...credit));
    credit[pick] -= 100;
    const list = classes[pick].requests;
    out.push(list[taken[pick]++ % list.length]);
  }
  return out;
}

/**
 * Phones are a dedupe key. Creates use Austin's overlay area code 737, which the generated
 * businesses (benchCities.ts) never use, and a kept --data-dir holds every earlier run's creates:
 * each run starts 200 numbers per second of the clock further on (more than it creates per second),
 * so runs never reuse a number until the 7 000 000 wrap around, ten hours of runs later.
 */
const PHONE_OFFSET = (Math.floor(Date.now() / 1000) * 200) % 7_000_000;

function newProfile(n: number) {
  const tag = `${process.pid}${n}`;
  return {
    name: `Soak Test Bakery ${tag}`,
    category: 'bakeries',
    description: 'Neighbourhood bakery with sourdough, pastries and coffee, baked every morning since opening day.',
    location: { address: { street: `${100 + (n % 800)} Soak Street`, city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' }, coordinates: { lat: 30.27, lon: -97.74 } },
    contact: { phone: `+1737${String(2_000_000 + ((PHONE_OFFSET + n) % 7_000_000)).padStart(7, '0')}`, website: `https://soak${tag}.example` },
  };
}

interface RunResult {
  recording: 'on' | 'off';
  run: MixedRun;
  memory: ProcessMemory[];
  minutes: MinuteOfMemory[];
  recorder?: Record<string, number>;
  load: number[];
  /** The machine's 1-minute load average at each memory sample. */
  loadSamples: Array<{ at: number; load: number }>;
  startedAt: number;
}

async function soak(dataDir: string, apiKey: string, recording: 'on' | 'off', requests: MixedRequest[]): Promise<RunResult> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SCRUBBED_ENV) delete env[name];
  const probeDir = mkdtempSync(join(tmpdir(), 'soak-memory-'));
  const server = await startServer({
    repoRoot: REPO_ROOT, dataDir,
    env: { ...env, ...probeEnvironment(probeDir, MEMORY_EVERY_MS), LOG_LEVEL: 'warn', IN_PROCESS_INDEXER: 'true', ANALYTICS_RECORDING: recording === 'on' ? 'true' : 'false' },
  });
  try {
    await waitUntilIndexed(server.baseUrl, apiKey);
    await runMixedLoad({ baseUrl: server.baseUrl, apiKey, rotation: requests, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    const memory: ProcessMemory[] = [];
    const loadSamples: Array<{ at: number; load: number }> = [];
    const startedAt = Date.now();
    const sample = () => {
      const now = serverMemory(server.pid);
      if (now) memory.push(now);
      loadSamples.push({ at: Date.now(), load: loadavg()[0] });
    };
    sample();
    const sampler = setInterval(sample, MEMORY_EVERY_MS);
    const load = [loadavg()[0]];
    let run: MixedRun;
    try {
      run = await runMixedLoad({ baseUrl: server.baseUrl, apiKey, rotation: requests, connections: CONNECTIONS, seconds: SECONDS });
    } finally {
      clearInterval(sampler);
    }
    sample();
    load.push(loadavg()[0]);
    const ready = (await (await fetch(`${server.baseUrl}/v1/ready`, { headers: { Authorization: `Bearer ${apiKey}` } })).json()) as { data: { analyticsRecorder?: Record<string, number> } };
    const minutes = memory[0] ? minutesOfMemory(probeDir, memory[0].pid, startedAt) : [];
    return { recording, run, memory, minutes, recorder: ready.data.analyticsRecorder, load, loadSamples, startedAt };
  } finally {
    await server.stop();
    rmSync(probeDir, { recursive: true, force: true });
  }
}

function report(result: RunResult): void {
  // A kind the run never sent has no summary.
  const byKind: Partial<Record<string, LatencySummary>> = result.run.byKind;
  const p99 = (kind: string) => (byKind[kind]?.p99 ?? NaN).toFixed(1).padStart(7);
  const first = result.memory.at(0);
  const last = result.memory.at(-1);
  const peak = Math.max(...result.memory.map((m) => m.rssMiB));
  log(
    `recording ${result.recording.padEnd(3)} ${result.run.requestsPerSecond.toFixed(0).padStart(5)} req/s | p99 consumer ${p99('consumer')} directory ${p99('directory')} read ${p99('read')} create ${p99('create')} ms | ` +
      `RSS ${first?.rssMiB} -> ${last?.rssMiB} MiB (peak ${peak}; anonymous ${first?.anonMiB} -> ${last?.anonMiB}) | load ${result.load.map((l) => l.toFixed(1)).join(' -> ')}`,
  );
  for (const [kind, summary] of Object.entries(result.run.byKind)) log(`    ${kind.padEnd(9)} n=${summary.count} p50 ${summary.p50.toFixed(1)} p95 ${summary.p95.toFixed(1)} p99 ${summary.p99.toFixed(1)} max ${summary.max.toFixed(1)} ms`);
  if (result.recorder) log(`    recorder: ${JSON.stringify(result.recorder)}`);
  log(`    RSS every ${MEMORY_EVERY_MS / 1000} s (MiB): ${result.memory.map((m) => m.rssMiB).join(' ')}`);
  // What could have held the slowest answers up, minute by minute: a collection's pause on the main
  // thread or a worker, the event loop's own delay, and its longest stall split into the CPU the
  // main thread ran (our code and its collections), the time it waited for a core (the machine) and
  // the collections within it; the main thread's seconds on a core and waiting for one; the load.
  log(
    '    minute | RSS | main heap reserved / lowest used | external | workers\' heaps (MiB) | answers, p99 / slowest (ms) | main GC longest / total, workers\' GC longest, event loop delay longest (ms) | ' +
      'longest stall: ms = ran + waited for a core (GC in it) | main thread s ran / waited | load',
  );
  for (const m of result.minutes) {
    const answers = result.run.minutes.find((minute) => minute.minute === m.minute);
    const loads = result.loadSamples.filter((s) => Math.floor((s.at - result.startedAt) / 60_000) + 1 === m.minute).map((s) => s.load);
    const load = loads.length > 0 ? Math.max(...loads).toFixed(1) : '-';
    log(
      `    ${String(m.minute).padStart(6)} | ${m.rssMiB} | ${m.heapTotalMiB} / ${m.heapUsedLowMiB} | ${m.externalMiB} | ${m.workersHeapTotalMiB} | ` +
        `${answers ? `${answers.requests}, ${answers.p99Ms.toFixed(0)} / ${answers.maxMs.toFixed(0)}` : '-'} | ${m.gcMaxMs.toFixed(0)} / ${m.gcTotalMs}, ${m.workersGcMaxMs.toFixed(0)}, ${m.loopDelayMaxMs.toFixed(0)} | ` +
        `${m.stall ? `${m.stall.ms.toFixed(0)} = ${m.stall.cpuMs.toFixed(0)} + ${m.stall.waitMs.toFixed(0)} (${m.stall.gcMs.toFixed(0)})` : '-'} | ${m.mainRunS ?? '-'} / ${m.mainWaitS ?? '-'} | ${load}`,
    );
  }
}

async function main(): Promise<void> {
  const dataDir = values['data-dir'] !== undefined ? resolve(values['data-dir']) : mkdtempSync(join(tmpdir(), 'recording-soak-'));
  mkdirSync(dataDir, { recursive: true });
  try {
    log(`${COUNT} businesses, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} round(s), load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const { data, apiKey } = await prepareData(dataDir);
    const requests = rotation(data.profileIds);
    for (let round = 0; round < ROUNDS; round += 1) {
      const order: Array<'on' | 'off'> = values.only ? [values.only as 'on' | 'off'] : round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
      for (const recording of order) report(await soak(dataDir, apiKey, recording, requests));
    }
  } finally {
    if (values['data-dir'] === undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
