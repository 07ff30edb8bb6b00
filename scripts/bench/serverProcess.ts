// Runs the real API server (src/server.ts) as a child process on 127.0.0.1 and a free port,
// waits until it answers /v1/health and its indexer has nothing pending, and stops it again.
// The child gets its own process group so stopping it also stops anything it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
  /** The last lines the server wrote, for error messages. */
  recentOutput(): string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The young-generation bound `npm start` and `npm run start:prod` launch the server with (src/runtime/heapSizing.ts). */
const SERVER_HEAP_FLAGS = ['--max-semi-space-size=8'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `env` is the child's whole environment (the caller decides what it inherits); PORT, HOST and DATA_DIR are set here.
 * `entry`: the script to run instead of src/server.ts (e.g. scripts/bench/clusterServer.ts).
 */
export async function startServer(options: { repoRoot: string; dataDir: string; env: NodeJS.ProcessEnv; startTimeoutMs?: number; entry?: string }): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  // What `npm start` runs: one node process with tsx's hooks (the tsx command would add a launcher process).
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...SERVER_HEAP_FLAGS, options.entry ?? 'src/server.ts'], {
    cwd: options.repoRoot,
    env: { ...options.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: options.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    if (output.length > 50) output.splice(0, output.length - 50);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) => child.once('exit', (code) => { exited = code; resolve(); }));

  const server: ServerProcess = {
    baseUrl,
    pid: child.pid ?? -1,
    recentOutput: () => output.join('\n'),
    async stop() {
      if (exited !== undefined || child.pid === undefined) return;
      signalGroup(child.pid, 'SIGTERM');
      const stopped = await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)]);
      if (!stopped) {
        signalGroup(child.pid, 'SIGKILL');
        await exit;
      }
    },
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`the server exited with code ${exited} while starting:\n${server.recentOutput()}`);
    if (await answers(`${baseUrl}/v1/health`)) return server;
    await sleep(250);
  }
  await server.stop();
  throw new Error(`the server did not answer ${baseUrl}/v1/health within ${(options.startTimeoutMs ?? 120_000) / 1000} s:\n${server.recentOutput()}`);
}

/**
 * Waits until /v1/ready is ready and the indexer (in-process, or external where the feed can count)
 * reports no pending changes. The indexer report is shown to admins only: `adminKey` is an admin's API key.
 */
export async function waitUntilIndexed(baseUrl: string, adminKey: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/v1/ready`, { headers: { Authorization: `Bearer ${adminKey}` } });
      last = await response.text();
      if (response.ok) {
        const indexer = (JSON.parse(last) as { data?: { indexer?: { pending?: number | null; state?: string } } }).data?.indexer;
        // Nothing pending for the in-process indexer (running) or one in its own process (external, where
        // null means the feed cannot count and there is nothing to wait for): the index is current.
        if (!indexer) throw new Error('/v1/ready shows no indexer report: is the key an admin\'s?');
        if ((indexer.state === 'running' && indexer.pending === 0)) return;
        if (indexer.state === 'external' && (indexer.pending === 0 || indexer.pending === null)) return;
      }
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(500);
  }
  throw new Error(`the index did not catch up within ${timeoutMs / 1000} s; last /v1/ready answer: ${last.slice(0, 500)}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
