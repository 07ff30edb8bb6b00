// Does a second server process pay on this machine? The embedded server at 10 connections as one
// process (`npm start`: HTTP and the use cases on its main thread, the searches on its reader
// threads) and as two processes behind one socket (clusterServer.ts), on the same kept data
// directory, rounds alternating the order (ABBA) so both see the same minutes of a shared
// machine. Per run: answers a second, p50/p99, and the CPU of the whole process tree per answer
// (/proc, all threads of every process: the servers' share, whatever the load). Recording off by
// default (ANALYTICS_RECORDING=true in the environment records): two processes would each start
// an analytics writer on the one store, and the indexer stays off in both variants (the set is built).
//
//   npx tsx scripts/bench/coresThroughput.ts --data-dir DIR [--scenario consumer] [--duration 15] [--rounds 2] [--processes 2]
//   SEARCH_READER_THREADS=1 npx tsx scripts/bench/coresThroughput.ts --data-dir DIR   (readers per process)
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { openRuntime } from '../../src/runtime/openRuntime';
import { createBenchAccount } from './benchAccount';
import { benchScenarios } from './benchScenarios';
import { runHttpLoad } from './httpLoad';
import { startServer } from './serverProcess';

const REPO_ROOT = resolve(__dirname, '../..');
const TICKS_PER_SECOND = 100;

/** utime + stime of a /proc stat line, in ticks. */
function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * CPU seconds so far of `rootPid` and every process below it: all their threads, and their main
 * threads alone (where HTTP and the use cases run; the searches run on reader threads). A
 * cluster's primary only hands connections over: its main thread is not counted as a server's.
 */
function treeCpuSeconds(rootPid: number, primaryIsServer: boolean): { all: number; main: number } {
  let all = 0;
  let main = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    try {
      all += ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (pid !== rootPid || primaryIsServer) main += ticksOf(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
      queue.push(...readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      // Gone meanwhile.
    }
  }
  return { all: all / TICKS_PER_SECOND, main: main / TICKS_PER_SECOND };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, scenario: { type: 'string', default: 'consumer' }, duration: { type: 'string', default: '15' }, rounds: { type: 'string', default: '2' }, processes: { type: 'string', default: '2' } } });
  const dataDir = values['data-dir'];
  const scenario = benchScenarios().find((candidate) => candidate.name === values.scenario);
  const durationSeconds = Number(values.duration);
  const rounds = Number(values.rounds);
  const processes = Number(values.processes);
  if (dataDir === undefined || scenario === undefined || !(durationSeconds > 0) || !(rounds >= 1) || !(processes >= 2)) {
    throw new Error('usage: --data-dir DIR (kept by bench:search) [--scenario consumer|directory|partner] [--duration 15] [--rounds 2] [--processes 2]');
  }
  // A key of the bench account, written before any server opens the store.
  const runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEARCH_READER_THREADS: '0', IN_PROCESS_INDEXER: 'false' }), createLogger('warn'));
  const { apiKey } = await createBenchAccount(runtime.appDeps.store);
  await runtime.close();

  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LOG_LEVEL: 'warn', IN_PROCESS_INDEXER: 'false', ANALYTICS_RECORDING: process.env.ANALYTICS_RECORDING ?? 'false', ...(process.env.SEARCH_READER_THREADS !== undefined && { SEARCH_READER_THREADS: process.env.SEARCH_READER_THREADS }) };
  const variants = [
    { name: '1 process', entry: undefined, processes: 1 },
    { name: `${processes} processes`, entry: 'scripts/bench/clusterServer.ts', processes },
  ];
  for (let round = 1; round <= rounds; round++) {
    for (const variant of round % 2 === 1 ? variants : [...variants].reverse()) {
      const server = await startServer({ repoRoot: REPO_ROOT, dataDir, env: { ...env, SERVER_PROCESSES: String(variant.processes) }, entry: variant.entry });
      try {
        // Every worker warmed (its reader threads load their reference data on first use): a run at 10 connections reaches each of them.
        await runHttpLoad({ baseUrl: server.baseUrl, apiKey, requests: scenario.requests, connections: 10, durationSeconds: 8 });
        const cpuBefore = treeCpuSeconds(server.pid, variant.processes === 1);
        const run = await runHttpLoad({ baseUrl: server.baseUrl, apiKey, requests: scenario.requests, connections: 10, durationSeconds });
        const cpuAfter = treeCpuSeconds(server.pid, variant.processes === 1);
        const cpu = cpuAfter.all - cpuBefore.all;
        const perAnswer = (seconds: number) => ((seconds * 1000) / Math.max(run.requests, 1)).toFixed(2);
        const failed = run.errors + run.timeouts + run.non2xx;
        console.log(
          `round ${round}, ${variant.name}: ${run.requestsPerSecond} answers/s, p50 ${run.latency.p50.toFixed(1)} / p99 ${run.latency.p99.toFixed(1)} ms, ` +
            `server CPU ${perAnswer(cpu)} ms an answer (${(cpu / run.durationSeconds).toFixed(2)} cores), main threads ${perAnswer(cpuAfter.main - cpuBefore.main)}` +
            `${failed > 0 ? `, ${failed} FAILED (${JSON.stringify(run.statusCodes)})` : ''} (load ${loadavg().map((v) => v.toFixed(1)).join(' ')})`,
        );
      } finally {
        await server.stop();
      }
    }
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
