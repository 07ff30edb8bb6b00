// Where the API's time goes over the raw index, one layer at a time ("measure each
// step"): the benchmark's consumer requests, on a data directory a `bench:search --data-dir` run
// kept, all in this process and on its thread (SEARCH_READER_THREADS=0, like the raw floor), each
// rung adding one layer to the one before:
//
//   raw        the index query the request turns into (SearchIndex.search)
//   service    the consumer search use case (understanding, retrieval, ranking, summary, recording)
//   invoke     the core's call path with the caller known (rate limit, validation, envelope)
//   + auth     the same with the API key to authenticate
//   http       the whole Koa app over loopback HTTP (node:http client with keep-alive, this process)
//   transport  node:http answering the same bytes: the HTTP and client share of the last rung
//
// Each round ends with the API's CPU beyond the engine (http less raw less transport, request by
// request: the API's own CPU per consumer answer, target <= 1.5 ms at p50).
//
// Each rung is timed per request (p50, p99) and by CPU per request, the process's (the analytics
// writer thread and the garbage collector's threads included) and this thread's; rounds
// alternate the rungs so the machine's load moves them alike.
//
//   npx tsx scripts/bench/apiStages.ts --data-dir DIR [--scenario consumer] [--searches 10] [--rounds 3] [--only http]
//   ELASTICSEARCH_URL=http://127.0.0.1:PORT npx tsx scripts/bench/apiStages.ts --data-dir DIR   (a kept Elasticsearch data set)
//
// The directory and partner scenarios have the raw, http and transport steps.
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createApp } from '../../src/app';
import { nodeRequestListener } from '../../src/http/nodeRequestListener';
import { loadConfig } from '../../src/config';
import { createMemoryAuthFailureLimiter } from '../../src/adapters/memory/memoryLimiters';
import { createAuthentication } from '../../src/core/authentication';
import type { Call } from '../../src/core/invoke';
import type { Principal } from '../../src/domain/principal';
import { createLogger } from '../../src/logger';
import { consumerSearch } from '../../src/operations/search';
import { composeInvoke, composeServices } from '../../src/runtime/composeServices';
import { openRuntime } from '../../src/runtime/openRuntime';
import { createBenchAccount } from './benchAccount';
import { ES_BENCH_INDEX } from './benchOptions';
import { benchScenarios, CONSUMER_BODIES, type BenchRequest } from './benchScenarios';
import { summariseLatencies } from './latencySummary';

interface Rung {
  name: string;
  /** Runs the i-th request of the rotation once. */
  run(i: number): Promise<unknown>;
}

/** Sends one of the scenario's requests with the bench key; resolves with the answer's bytes (200 only). */
function send(agent: Agent, port: number, apiKey: string, sent: BenchRequest): Promise<Buffer> {
  const body = sent.body ?? '';
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${apiKey}`, ...(sent.body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) };
    const req = request({ agent, host: '127.0.0.1', port, path: sent.path, method: sent.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`HTTP ${res.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 300)}`))));
    });
    req.on('error', reject);
    req.end(sent.body);
  });
}

/**
 * CPU seconds so far of this process's threads by kind (Linux /proc): the main thread, Node's
 * worker threads (search readers, the analytics writer) and V8's helper threads (parallel and
 * concurrent garbage collection, background compilation).
 */
function threadCpu(): { main: number; workers: number; v8: number } {
  const totals = { main: 0, workers: 0, v8: 0 };
  try {
    for (const task of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      if (Number(task) === process.pid) totals.main += seconds;
      else if (name.startsWith('V8')) totals.v8 += seconds;
      else totals.workers += seconds;
    }
  } catch {
    // Not Linux: no breakdown.
  }
  return totals;
}

function listen(server: Server): Promise<number> {
  // The API server's own keep-alive (src/server.ts): the rungs between two HTTP rungs can take
  // longer than node's default 5 s, after which reusing the client's socket would meet a reset.
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, searches: { type: 'string', default: '10' }, rounds: { type: 'string', default: '3' }, only: { type: 'string' }, scenario: { type: 'string', default: 'consumer' } } });
  const dataDir = values['data-dir'];
  const searches = Number(values.searches);
  const rounds = Number(values.rounds);
  const scenario = benchScenarios().find((candidate) => candidate.name === values.scenario);
  if (dataDir === undefined || scenario === undefined || !(searches >= 1) || !(rounds >= 1)) {
    throw new Error('usage: --data-dir DIR (kept by bench:search) [--scenario consumer|directory|partner] [--searches 10] [--rounds 3] [--only http]');
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // SEARCH_READER_THREADS in the environment (e.g. 2, the server's default on two cores): the
    // searches go to reader threads, as in the server, instead of running on this thread.
    SEARCH_READER_THREADS: process.env.SEARCH_READER_THREADS ?? '0',
    IN_PROCESS_INDEXER: 'false',
    // ANALYTICS_RECORDING=false in the environment: the ladder without recording answers.
    ...(process.env.ANALYTICS_RECORDING !== undefined && { ANALYTICS_RECORDING: process.env.ANALYTICS_RECORDING }),
    // ELASTICSEARCH_URL in the environment: the index a `bench:search --engine elasticsearch` run built there
    // (the store stays the kept SQLite file).
    ...(process.env.ELASTICSEARCH_URL !== undefined && { ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL, ELASTICSEARCH_INDEX: ES_BENCH_INDEX }),
  });
  const logger = createLogger('warn');
  const runtime = await openRuntime(config, logger);
  const deps = runtime.appDeps;
  const clock = () => new Date();
  const { apiKey, accountId } = await createBenchAccount(deps.store);
  const authFailures = createMemoryAuthFailureLimiter();
  const services = composeServices({ ...deps, config, logger, clock, authFailures });
  const authentication = createAuthentication({ store: deps.store, jwtSecret: config.jwtSecret, clock, failures: authFailures });
  const invoke = composeInvoke(services, { authenticate: authentication, rateLimits: deps.rateLimits, store: deps.store, logger, clock });
  const principal: Principal = (await authentication({ authorization: `Bearer ${apiKey}`, address: '127.0.0.1' })) as Principal;
  if (principal.accountId !== accountId) throw new Error('the bench key did not authenticate as the bench account');

  const app = createApp({ config, logger, ...deps });
  const apiServer = createServer(nodeRequestListener(app));
  const apiPort = await listen(apiServer);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const requests = scenario.requests;
  // What the API answered each request, replayed by the transport rung.
  const answers: Buffer[] = [];
  for (const sent of requests) answers.push(await send(agent, apiPort, apiKey, sent));
  const replay = createServer((req, res) => {
    const i = Number(req.headers['x-rung-index']);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': answers[i].length }).end(answers[i]));
  });
  const replayPort = await listen(replay);

  const indexQueries = await scenario.indexQueries();
  const input = (i: number) => ({ ...CONSUMER_BODIES[i], limit: CONSUMER_BODIES[i].limit ?? 10, offset: 0 });
  const call = (i: number, caller: Call['caller']): Call => ({ caller, input: { path: {}, query: {}, body: input(i) }, transport: 'rest', requestId: `req_${i}`, origin: 'http://127.0.0.1' });
  // The service and call-path steps are the consumer search's; the other scenarios have the rest.
  const consumerOnly: Rung[] = [
    { name: 'service', run: (i) => services.consumerSearch(principal, input(i)) },
    { name: 'invoke', run: (i) => invoke(consumerSearch, call(i, { principal, address: '127.0.0.1' })) },
    { name: '+ auth', run: (i) => invoke(consumerSearch, call(i, { authorization: `Bearer ${apiKey}`, address: '127.0.0.1' })) },
  ];
  const rungs: Rung[] = [
    { name: 'raw', run: (i) => deps.searchIndex.search(indexQueries[i]) },
    ...(scenario.name === 'consumer' ? consumerOnly : []),
    { name: 'http', run: (i) => send(agent, apiPort, apiKey, requests[i]) },
    {
      name: 'transport',
      run: (i) =>
        new Promise((resolve, reject) => {
          const req = request({ agent, host: '127.0.0.1', port: replayPort, path: requests[i].path, method: requests[i].method, headers: { 'x-rung-index': String(i) } }, (res) => {
            res.on('data', () => undefined);
            res.on('end', resolve);
          });
          req.on('error', reject);
          req.end(requests[i].body);
        }),
    },
  ];
  // --only http,raw: those rungs alone (to profile one layer with --cpu-prof).
  const chosen = values.only === undefined ? rungs : rungs.filter((rung) => values.only?.split(',').includes(rung.name));
  const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
  try {
    for (let round = 0; round <= rounds; round++) {
      const line: string[] = [];
      // Per rung: each request's CPU (the process's, all threads), summed over its repeats; and the rung's whole CPU a request.
      const perRequest = new Map<string, { cpu: number[]; whole: number }>();
      for (const rung of chosen) {
        const samples: number[] = [];
        const requestCpu = requests.map(() => 0);
        const cpuBefore = process.cpuUsage();
        const threadBefore = process.threadCpuUsage();
        const threadsBefore = threadCpu();
        for (let s = 0; s < searches; s++) {
          for (let i = 0; i < requests.length; i++) {
            const started = performance.now();
            const cpuAtStart = process.cpuUsage();
            await rung.run(i);
            requestCpu[i] += cpuMs(process.cpuUsage(cpuAtStart)) / searches;
            samples.push(performance.now() - started);
          }
        }
        // The answers' analytics events are written by the recorder's thread in batches: the batches
        // of this rung are written before its CPU is read, so each rung pays for its own.
        await deps.eventRecorder.flush();
        const cpu = process.cpuUsage(cpuBefore);
        const thread = process.threadCpuUsage(threadBefore);
        const threadsAfter = threadCpu();
        const { p50, p99 } = summariseLatencies(samples);
        const aRequest = (usage: NodeJS.CpuUsage) => (cpuMs(usage) / samples.length).toFixed(3);
        const share = (kind: 'workers' | 'v8') => (((threadsAfter[kind] - threadsBefore[kind]) * 1000) / samples.length).toFixed(2);
        line.push(`${rung.name} ${p50.toFixed(3)}/${p99.toFixed(2)} (cpu ${aRequest(cpu)}, this thread ${aRequest(thread)}, worker threads ${share('workers')}, V8 helpers ${share('v8')})`);
        perRequest.set(rung.name, { cpu: requestCpu, whole: cpuMs(cpu) / samples.length });
      }
      // Round 0 warms the caches and is not reported.
      if (round > 0) console.log(`round ${round}, p50/p99 ms (cpu ms a request): ${line.join(', ')} (load ${loadavg().map((v) => v.toFixed(1)).join(' ')})`);
      const beyond = beyondTheEngine(perRequest);
      if (round > 0 && beyond) console.log(`  the API's CPU beyond the engine and the transport, ms an answer: p50 ${beyond.p50.toFixed(3)}, mean ${beyond.mean.toFixed(3)} (writer thread's batches included: ${beyond.meanWithWriter.toFixed(3)})`);
    }
  } finally {
    agent.destroy();
    await new Promise((resolve) => apiServer.close(resolve));
    await new Promise((resolve) => replay.close(resolve));
    await runtime.close();
  }
}

/**
 * What the API spends on an answer beyond the engine's query and the bytes on the wire: for each
 * request, its CPU through the whole app over HTTP less the same request's raw index query and its
 * replayed answer (the client's share and node:http's), each the mean of its repeats; the median
 * and the mean over the rotation. The last figure takes each rung's whole CPU instead, which
 * includes the analytics writer thread's batches (written after the answers, between requests).
 */
function beyondTheEngine(perRequest: Map<string, { cpu: number[]; whole: number }>): { p50: number; mean: number; meanWithWriter: number } | undefined {
  const http = perRequest.get('http');
  const raw = perRequest.get('raw');
  const transport = perRequest.get('transport');
  if (!http || !raw || !transport) return undefined;
  const own = http.cpu.map((cpu, i) => cpu - raw.cpu[i] - transport.cpu[i]);
  const sorted = [...own].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const p50 = sorted.length % 2 === 1 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { p50, mean: own.reduce((sum, value) => sum + value, 0) / own.length, meanWithWriter: http.whole - raw.whole - transport.whole };
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
