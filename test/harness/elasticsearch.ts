// Starts a real Elasticsearch 8 (one node, security off, 1 GB heap) on a free loopback port with
// its config, data and logs in a temp dir. The engine is Elastic's own distribution from Maven
// Central, installed into .engines/elasticsearch/ by scripts/engines/elasticsearch/fetch.sh, which
// this harness runs itself when the engine is missing (so `npm test` works on a fresh machine).
// Elasticsearch refuses to run as root: when the tests are root (CI), the node runs as `nobody`.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { spawnEngine, waitUntilReady, type EngineProcess } from './engineProcess';
import { findBinary } from './findBinary';
import { freePort } from './freePort';

export interface ElasticsearchHarness {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The Elasticsearch version that answered. */
  version: string;
  /** Stops the node and deletes its data; safe to call twice. */
  stop(): Promise<void>;
}

/** A node this harness started: it can also be taken down and brought back (fault tests). */
export interface RestartableElasticsearch extends ElasticsearchHarness {
  /** Stops only the process (an outage); ports and data are kept for restartProcess(). */
  stopProcess(): Promise<void>;
  /** Starts the node again on the same ports and data and waits until the cluster is yellow. */
  restartProcess(): Promise<void>;
}

const HOST = '127.0.0.1';
const REPO_ROOT = resolve(__dirname, '..', '..');
const ENGINE_DIR = join(REPO_ROOT, '.engines', 'elasticsearch');
const ES_HOME = join(ENGINE_DIR, 'home');
const FETCH_SCRIPT = join(REPO_ROOT, 'scripts', 'engines', 'elasticsearch', 'fetch.sh');
// A cold JVM on two shared cores takes 30-60 s; the bound only catches a node that never comes up.
const READY_TIMEOUT_MS = 240_000;
const NOBODY = 65534;
const BIND_ATTEMPTS = 3;

/** Runs the fetch script when the engine is not installed yet (it is idempotent either way). */
export function ensureElasticsearchInstalled(): void {
  if (existsSync(join(ENGINE_DIR, '.complete')) && existsSync(join(ES_HOME, 'bin', 'elasticsearch'))) return;
  const fetched = spawnSync('bash', [FETCH_SCRIPT], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 15 * 60_000 });
  if (fetched.status !== 0) {
    throw new Error(`Could not install the Elasticsearch test engine (bash ${FETCH_SCRIPT}):\n${fetched.stdout}\n${fetched.stderr}`);
  }
}

/** ES_JAVA_HOME if set, else the JDK that `java` on PATH belongs to. */
function javaHome(): string {
  if (process.env.ES_JAVA_HOME) return process.env.ES_JAVA_HOME;
  const java = findBinary('java');
  if (!java) throw new Error('Elasticsearch needs a Java 17+ runtime on PATH (or ES_JAVA_HOME): apt-get install -y openjdk-17-jdk-headless');
  return dirname(dirname(realpathSync(java)));
}

function nodeSettings(httpPort: number, transportPort: number, base: string): string {
  return [
    `cluster.name: test-${httpPort}`,
    `node.name: test-${httpPort}`,
    'discovery.type: single-node',
    `network.host: ${HOST}`,
    `http.port: ${httpPort}`,
    `transport.port: ${transportPort}`,
    `path.data: ${join(base, 'data')}`,
    `path.logs: ${join(base, 'logs')}`,
    'xpack.security.enabled: false',
    // A nearly full disk must not turn the test indices read-only or leave shards unassigned.
    'cluster.routing.allocation.disk.threshold_enabled: false',
    // Tests drop their indices by pattern (profiles_test_*).
    'action.destructive_requires_name: false',
    '',
  ].join('\n');
}

/** A fresh config dir (the distribution's files plus our elasticsearch.yml), data and logs under `base`. */
function prepareNodeDir(base: string, httpPort: number, transportPort: number): void {
  for (const sub of ['config', 'data', 'logs', 'tmp']) mkdirSync(join(base, sub), { recursive: true });
  cpSync(join(ES_HOME, 'config'), join(base, 'config'), { recursive: true });
  writeFileSync(join(base, 'config', 'elasticsearch.yml'), nodeSettings(httpPort, transportPort, base));
}

function chownTree(path: string, uid: number): void {
  chownSync(path, uid, uid);
  if (!statSync(path).isDirectory()) return;
  for (const entry of readdirSync(path)) chownTree(join(path, entry), uid);
}

async function clusterHealth(url: string): Promise<boolean> {
  const response = await fetch(`${url}/_cluster/health?wait_for_status=yellow&timeout=1s`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) return false;
  const body = (await response.json()) as { status?: string };
  return body.status === 'green' || body.status === 'yellow';
}

/**
 * The engine's home as `nobody` can reach it. A checkout inside a private directory (mktemp -d
 * makes 0700 ones) hides .engines/ from other users, so the home is then copied once into a
 * world-readable directory under the system temp dir and reused by later runs.
 */
function homeFor(runAsNobody: boolean, setpriv: string | undefined): string {
  const bin = join(ES_HOME, 'bin', 'elasticsearch');
  if (!runAsNobody || !setpriv) return ES_HOME;
  const reachable = spawnSync(setpriv, [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', 'test', '-x', bin]);
  if (reachable.status === 0) return ES_HOME;
  const version = readFileSync(join(ENGINE_DIR, 'version'), 'utf8').trim();
  const shared = join(tmpdir(), `bdapi-elasticsearch-${version}`);
  if (existsSync(join(shared, '.complete'))) return shared;
  const staging = mkdtempSync(join(tmpdir(), 'bdapi-elasticsearch-staging-'));
  cpSync(ES_HOME, staging, { recursive: true });
  chmodSync(staging, 0o755);
  writeFileSync(join(staging, '.complete'), version);
  rmSync(shared, { recursive: true, force: true });
  renameSync(staging, shared);
  return shared;
}

function launch(base: string, runAsNobody: boolean): EngineProcess {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    ES_JAVA_HOME: javaHome(),
    ES_PATH_CONF: join(base, 'config'),
    ES_TMPDIR: join(base, 'tmp'),
    // The launcher's own JVM probes its flags in a java.io.tmpdir directory it never removes: keep it in base.
    CLI_JAVA_OPTS: `-Djava.io.tmpdir=${join(base, 'tmp')}`,
    // ES ignores JAVA_OPTS; ES_JAVA_OPTS comes last on its command line, so it wins over jvm.options.
    ES_JAVA_OPTS: process.env.ES_TEST_JAVA_OPTS ?? '-Xms1g -Xmx1g',
  };
  const setpriv = runAsNobody ? findBinary('setpriv') : undefined;
  if (runAsNobody && !setpriv) throw new Error('Running the tests as root needs setpriv (util-linux) to start Elasticsearch as nobody');
  const bin = join(homeFor(runAsNobody, setpriv), 'bin', 'elasticsearch');
  if (!runAsNobody || !setpriv) return spawnEngine('elasticsearch', bin, [], { env });
  return spawnEngine('elasticsearch', setpriv, [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', bin], { env });
}

export async function startElasticsearch(): Promise<RestartableElasticsearch> {
  ensureElasticsearchInstalled();
  const runAsNobody = process.getuid?.() === 0;
  let lastError: unknown;
  for (let attempt = 1; attempt <= BIND_ATTEMPTS; attempt++) {
    const base = mkdtempSync(join(tmpdir(), 'es-test-'));
    const httpPort = await freePort(HOST);
    const transportPort = await freePort(HOST);
    prepareNodeDir(base, httpPort, transportPort);
    if (runAsNobody) chownTree(base, NOBODY);
    const url = `http://${HOST}:${httpPort}`;
    const engine = launch(base, runAsNobody);
    try {
      await waitUntilReady(engine, () => clusterHealth(url), READY_TIMEOUT_MS, 500);
    } catch (error) {
      await engine.stop(5_000);
      rmSync(base, { recursive: true, force: true });
      lastError = error;
      // Another process took one of the ports between the probe and the bind: try fresh ports.
      if (/BindException|Address already in use/.test(engine.output())) continue;
      throw error;
    }
    const info = (await (await fetch(`${url}/_nodes/_local`)).json()) as { nodes: Record<string, { version: string }> };
    const version = Object.values(info.nodes)[0]?.version ?? readFileSync(join(ENGINE_DIR, 'version'), 'utf8').trim();
    let current: EngineProcess | undefined = engine;
    let stopped = false;
    return {
      url,
      version,
      async stopProcess() {
        const running = current;
        current = undefined;
        if (running) await running.stop(20_000);
      },
      async restartProcess() {
        if (stopped) throw new Error('this Elasticsearch harness was stopped; start a new one');
        if (current && !current.hasExited()) return;
        const restarted = launch(base, runAsNobody);
        await waitUntilReady(restarted, () => clusterHealth(url), READY_TIMEOUT_MS, 500);
        current = restarted;
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        const running = current;
        current = undefined;
        if (running) await running.stop(20_000);
        rmSync(base, { recursive: true, force: true });
      },
    };
  }
  throw lastError;
}

/**
 * An HTTP proxy in front of a real node that can answer bulk requests with overload errors, to
 * prove the adapter's retries: whole requests rejected with a status, or chosen items of one bulk
 * response turned into 429 rejections (the node did apply them; a retry rewrites them, as it
 * would after a real partial rejection). Everything else passes through untouched.
 */
export interface FaultyProxy {
  url: string;
  /** The next `count` bulk requests get `status` without reaching the node. */
  rejectNextBulks(count: number, status: number): void;
  /** In the next bulk response, the items at these positions become 429 rejections. */
  rejectItemsOfNextBulk(positions: number[]): void;
  /** Bulk requests seen so far, rejected ones included. */
  bulkRequests(): number;
  /** Actions per bulk request seen so far. */
  bulkItemCounts(): number[];
  /** Every request seen so far, in arrival order, as "METHOD /path" (no query string). */
  requests(): string[];
  close(): Promise<void>;
}

const BULK_ACTIONS = new Set(['index', 'create', 'delete', 'update']);

function countBulkActions(ndjson: string): number {
  let count = 0;
  let skipSource = false;
  for (const line of ndjson.split('\n')) {
    if (line.trim() === '') continue;
    if (skipSource) {
      skipSource = false;
      continue;
    }
    const action = Object.keys(JSON.parse(line) as object)[0];
    if (!BULK_ACTIONS.has(action)) continue;
    count++;
    skipSource = action !== 'delete';
  }
  return count;
}

export async function startFaultyProxy(upstream: string): Promise<FaultyProxy> {
  let rejections: { count: number; status: number } = { count: 0, status: 0 };
  let itemRejections: number[] | null = null;
  const itemCounts: number[] = [];
  const seen: string[] = [];
  const product = { 'x-elastic-product': 'Elasticsearch', 'content-type': 'application/json' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        seen.push(`${req.method} ${(req.url ?? '').split('?')[0]}`);
        const isBulk = (req.url ?? '').split('?')[0].endsWith('/_bulk');
        if (isBulk) itemCounts.push(countBulkActions(body));
        if (isBulk && rejections.count > 0) {
          rejections.count--;
          res.writeHead(rejections.status, product);
          res.end(JSON.stringify({ error: { type: 'es_rejected_execution_exception', reason: 'injected by the test proxy' }, status: rejections.status }));
          return;
        }
        const headers: Record<string, string> = {};
        for (const name of ['content-type', 'accept']) if (req.headers[name]) headers[name] = String(req.headers[name]);
        const answer = await fetch(`${upstream}${req.url}`, { method: req.method, headers, body: ['GET', 'HEAD'].includes(req.method ?? '') ? undefined : body });
        let text = await answer.text();
        if (isBulk && itemRejections) {
          const positions = itemRejections;
          itemRejections = null;
          const parsed = JSON.parse(text) as { errors: boolean; items: Record<string, Record<string, unknown>>[] };
          parsed.errors = true;
          for (const position of positions) {
            const [operation, result] = Object.entries(parsed.items[position])[0];
            parsed.items[position] = {
              [operation]: { _index: result._index, _id: result._id, status: 429, error: { type: 'es_rejected_execution_exception', reason: 'injected by the test proxy' } },
            };
          }
          text = JSON.stringify(parsed);
        }
        res.writeHead(answer.status, { ...product, 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(text);
      })().catch((error: Error) => {
        res.writeHead(502, product);
        res.end(JSON.stringify({ error: { type: 'proxy_error', reason: error.message }, status: 502 }));
      });
    });
  });
  const port = await freePort(HOST);
  await new Promise<void>((resolveListen) => server.listen(port, HOST, resolveListen));
  return {
    url: `http://${HOST}:${port}`,
    rejectNextBulks(count, status) {
      rejections = { count, status };
    },
    rejectItemsOfNextBulk(positions) {
      itemRejections = positions;
    },
    bulkRequests: () => itemCounts.length,
    bulkItemCounts: () => [...itemCounts],
    requests: () => [...seen],
    close: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
  };
}
