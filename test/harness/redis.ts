// Starts Debian's redis-server on a free loopback port with its data in a temp dir.
// `stopProcess()` / `restartProcess()` take the server down and bring it back on the same port,
// so tests can prove that clients survive an outage.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnEngine, waitUntilReady, type EngineProcess } from './engineProcess';
import { findBinary, isExecutable } from './findBinary';
import { launchOnFreePort } from './freePort';

export interface RedisHarness {
  /** redis://127.0.0.1:<port> */
  url: string;
  host: string;
  port: number;
  /** The server's working directory (deleted by stop()). */
  dataDir: string;
  /** Stops the server and deletes its data; safe to call twice. */
  stop(): Promise<void>;
  /** Stops only the process (an outage); the port and data dir are kept for restartProcess(). */
  stopProcess(): Promise<void>;
  /** Starts the server again on the same port and waits until it answers. */
  restartProcess(): Promise<void>;
}

export const REDIS_INSTALL_HINT = 'apt-get update && apt-get install -y redis-server';
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 15_000;

/** Sends a raw PING; true when the server answers +PONG. */
export function pingRedis(port: number, host = HOST): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    let reply = '';
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
  });
}

function redisArgs(port: number, dataDir: string, persistent: boolean): string[] {
  return [
    '--port', String(port),
    '--bind', HOST,
    '--dir', dataDir,
    // Tests want a clean server each time: no snapshots, no append-only file (unless `persistent`:
    // the fleet runs Redis as production would, so a restart keeps what it held), no protected
    // mode (loopback only anyway), and no daemonizing so the harness owns the process.
    '--save', '',
    '--appendonly', persistent ? 'yes' : 'no',
    '--protected-mode', 'no',
    '--daemonize', 'no',
    '--logfile', '',
  ];
}

async function launch(binary: string, port: number, dataDir: string, persistent: boolean): Promise<EngineProcess> {
  const engine = spawnEngine(`redis-server :${port}`, binary, redisArgs(port, dataDir, persistent), { cwd: dataDir });
  await waitUntilReady(engine, () => pingRedis(port), READY_TIMEOUT_MS);
  return engine;
}

function resolveBinary(given: string | undefined): string {
  const binary = given ?? findBinary('redis-server');
  if (!binary || !isExecutable(binary)) {
    throw new Error(`redis-server was not found${given ? ` at ${given}` : ' on PATH'}. Install it with: ${REDIS_INSTALL_HINT}`);
  }
  return binary;
}

export interface StartRedisOptions {
  /** Path to redis-server; default REDIS_SERVER_BIN, then PATH. */
  binary?: string;
  /** Keep an append-only file (fsync every second), so restartProcess() brings the data back. */
  persistent?: boolean;
}

export async function startRedis(options: StartRedisOptions = {}): Promise<RedisHarness> {
  const binary = resolveBinary(options.binary ?? process.env.REDIS_SERVER_BIN);
  const dataDir = mkdtempSync(join(tmpdir(), 'redis-harness-'));
  const persistent = options.persistent ?? false;
  let engine: EngineProcess;
  let port: number;
  try {
    ({ engine, port } = await launchOnFreePort((candidate) => launch(binary, candidate, dataDir, persistent), HOST));
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  let current: EngineProcess | undefined = engine;
  let stopped = false;
  return {
    url: `redis://${HOST}:${port}`,
    host: HOST,
    port,
    dataDir,
    async stopProcess() {
      const running = current;
      current = undefined;
      if (running) await running.stop();
    },
    async restartProcess() {
      if (stopped) throw new Error('this Redis harness was stopped; start a new one');
      if (current && !current.hasExited()) return;
      current = await launch(binary, port, dataDir, persistent);
    },
    async stop() {
      stopped = true;
      const running = current;
      current = undefined;
      if (running) await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
