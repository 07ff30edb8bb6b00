// A production-shaped fleet on this machine, on loopback ports only: the engines the test harness
// uses (Debian's redis-server with an append-only file, Elasticsearch 8 from Maven Central, the
// MongoDB wire server), several API instances (IN_PROCESS_INDEXER and IN_PROCESS_WEBHOOKS off),
// one indexer, several webhook workers, and HAProxy round-robin in front (haproxyConfig.ts). Every
// process can be killed and started again on the same port: `npm run fleet` (runFleet.ts), the
// fleet tests and the fault run (faultRun.ts) drive it through this one module.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnEngine, waitUntilReady, type EngineProcess } from '../../test/harness/engineProcess';
import { startElasticsearch, type RestartableElasticsearch } from '../../test/harness/elasticsearch';
import { findBinary } from '../../test/harness/findBinary';
import { freePort } from '../../test/harness/freePort';
import { startMongo, type MongoHarness } from '../../test/harness/mongo';
import { startRedis, type RedisHarness } from '../../test/harness/redis';
import { buildCompiled, COMPILED_PROCESSES } from '../runtime/compiledBuild';
import { HEALTH_PATH, haproxyConfig } from './haproxyConfig';

const ROOT = resolve(__dirname, '../..');
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 90_000;

/** One process of the fleet, started again on the same port and settings after a kill. */
export interface FleetProcess {
  readonly name: string;
  /** http://127.0.0.1:<port> for API instances. */
  readonly url?: string;
  running(): boolean;
  pid(): number;
  /** Sends the signal to its process group and resolves once it has gone. */
  kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** Starts it (again) and resolves once it is ready. */
  start(): Promise<void>;
  /** What it printed last (for error messages). */
  output(): string;
}

export interface FleetOptions {
  apiInstances?: number;
  webhookWorkers?: number;
  /** Settings added to every process's environment (tests shorten timeouts with these). */
  env?: Record<string, string>;
  /** Port for the proxy; default a free one. */
  proxyPort?: number;
  /** Where each process's log goes; default a temp dir, kept after stop() when given. */
  logDir?: string;
  onProgress?: (line: string) => void;
}

export interface Fleet {
  /** The proxy's origin: http://127.0.0.1:<port> (the API is under /v1). */
  url: string;
  apis: FleetProcess[];
  indexer: FleetProcess;
  webhookWorkers: FleetProcess[];
  proxy: FleetProcess;
  redis: RedisHarness;
  elasticsearch: RestartableElasticsearch;
  mongo: MongoHarness;
  /** The settings every process of the fleet shares (engine URLs, secrets). */
  env: Record<string, string>;
  logDir: string;
  stop(): Promise<void>;
}

/** The settings of an API instance or worker on the production engines, with the workers out of the API. */
export function productionEnvironment(engines: { mongodbUri: string; elasticsearchUrl: string; redisUrl: string }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    MONGODB_URI: engines.mongodbUri,
    ELASTICSEARCH_URL: engines.elasticsearchUrl,
    REDIS_URL: engines.redisUrl,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64url'),
    IN_PROCESS_INDEXER: 'false',
    IN_PROCESS_WEBHOOKS: 'false',
  };
}

function processOf(name: string, launch: () => EngineProcess, ready: (engine: EngineProcess) => Promise<boolean>, url?: string): FleetProcess {
  let current: EngineProcess | undefined;
  return {
    name,
    url,
    running: () => current !== undefined && !current.hasExited(),
    pid: () => current?.pid ?? -1,
    output: () => current?.output() ?? '',
    async kill(signal) {
      const engine = current;
      if (!engine || engine.hasExited()) return;
      if (signal === 'SIGKILL') {
        process.kill(-engine.pid, 'SIGKILL');
        await engine.exited;
      } else {
        await engine.stop(30_000);
      }
    },
    async start() {
      if (current && !current.hasExited()) return;
      const engine = launch();
      current = engine;
      await waitUntilReady(engine, () => ready(engine), READY_TIMEOUT_MS, 100);
    },
  };
}

async function answers(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  return response.ok;
}

export async function startFleet(options: FleetOptions = {}): Promise<Fleet> {
  const progress = options.onProgress ?? (() => undefined);
  const haproxy = findBinary('haproxy');
  if (!haproxy) throw new Error('haproxy was not found: apt-get install -y haproxy (npm run fleet installs it)');
  const logDir = options.logDir ?? mkdtempSync(join(tmpdir(), 'bdapi-fleet-'));
  mkdirSync(logDir, { recursive: true });
  const dataRoot = mkdtempSync(join(tmpdir(), 'bdapi-fleet-data-'));
  const started: Array<{ stop(): Promise<void> }> = [];
  const stopAll = async () => {
    for (const one of started.reverse()) await one.stop().catch(() => undefined);
    rmSync(dataRoot, { recursive: true, force: true });
    if (!options.logDir) rmSync(logDir, { recursive: true, force: true });
  };

  try {
    // Every process runs what `npm run build` compiled, as in production (no compiling at start).
    progress('compiling (npm run build)');
    progress(`compiled in ${buildCompiled().seconds.toFixed(1)} s`);
    progress('starting Redis, Elasticsearch and the MongoDB wire server');
    const [redis, elasticsearch, mongo] = await Promise.all([startRedis({ persistent: true }), startElasticsearch(), startMongo()]);
    started.push(redis, elasticsearch, mongo);
    const proxyPort = options.proxyPort ?? (await freePort(HOST));
    const origin = `http://${HOST}:${proxyPort}`;
    const env: Record<string, string> = {
      ...productionEnvironment({ mongodbUri: mongo.uriFor('fleet'), elasticsearchUrl: elasticsearch.url, redisUrl: redis.url }),
      // One proxy in front: the client address is the entry it appends to X-Forwarded-For.
      TRUST_PROXY: '1',
      PUBLIC_URL: origin,
      AUTH_URL: origin,
      // Receivers on this machine (the tests') may be webhook endpoints.
      WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
      LOG_LEVEL: 'info',
      ...options.env,
    };
    const node = (name: string, command: readonly string[], extra: Record<string, string>) => () =>
      spawnEngine(name, process.execPath, [...command], {
        cwd: ROOT,
        env: { ...process.env, ...env, DATA_DIR: join(dataRoot, name), ...extra },
        logFile: join(logDir, `${name}.log`),
      });

    const apis: FleetProcess[] = [];
    for (let i = 1; i <= (options.apiInstances ?? 3); i++) {
      const port = await freePort(HOST);
      const url = `http://${HOST}:${port}`;
      apis.push(processOf(`api-${i}`, node(`api-${i}`, COMPILED_PROCESSES.api, { PORT: String(port), HOST }), () => answers(`${url}${HEALTH_PATH}`), url));
    }
    const logged = (text: string) => async (engine: EngineProcess) => engine.output().includes(text);
    // Workers log at info whatever LOG_LEVEL says for the API: their "running" line is how the fleet knows they started.
    const indexer = processOf('indexer', node('indexer', COMPILED_PROCESSES.indexer, { LOG_LEVEL: 'info' }), logged('indexer running'));
    const webhookWorkers = Array.from({ length: options.webhookWorkers ?? 2 }, (_, i) =>
      processOf(`webhooks-${i + 1}`, node(`webhooks-${i + 1}`, COMPILED_PROCESSES.webhooks, { LOG_LEVEL: 'info' }), logged('webhook dispatcher running')),
    );
    const asStoppable = (one: FleetProcess) => ({ stop: () => one.kill('SIGTERM') });

    progress(`starting ${apis.length} API instances, the indexer and ${webhookWorkers.length} webhook workers`);
    // The first instance creates the indexes; the others then start on a store that has them.
    await apis[0].start();
    started.push(asStoppable(apis[0]));
    const rest = [...apis.slice(1), indexer, ...webhookWorkers];
    await Promise.all(rest.map((one) => one.start()));
    started.push(...rest.map(asStoppable));

    const configFile = join(logDir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig({ bind: `${HOST}:${proxyPort}`, servers: { kind: 'listed', servers: apis.map((api) => ({ name: api.name, address: (api.url as string).replace('http://', '') })) } }));
    const proxy = processOf('haproxy', () => spawnEngine('haproxy', haproxy, ['-db', '-f', configFile], { cwd: logDir, logFile: join(logDir, 'haproxy.log') }), () => answers(`${origin}${HEALTH_PATH}`), origin);
    progress('starting HAProxy');
    await proxy.start();
    started.push(asStoppable(proxy));

    return { url: origin, apis, indexer, webhookWorkers, proxy, redis, elasticsearch, mongo, env, logDir, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
