// Starts a MongoDB wire-protocol server (de.bwaldvogel mongo-java-server: in-memory backend,
// server version 5.0, oplog on for change streams) on a free loopback port. Its jars come from
// Maven Central via scripts/engines/fetch-engines.sh, which runs here when they are missing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { spawnEngine, waitUntilReady, type EngineProcess } from './engineProcess';
import { findBinary } from './findBinary';
import { launchOnFreePort } from './freePort';

export interface MongoHarness {
  /** mongodb://127.0.0.1:<port>/?directConnection=true (no database name). */
  url: string;
  host: string;
  port: number;
  /** Connection string for one database on this server. */
  uriFor(database: string): string;
  /** Stops the server; safe to call twice. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const REPO_ROOT = resolve(__dirname, '..', '..');
const LIB_DIR = join(REPO_ROOT, '.engines', 'mongo', 'lib');
const MARKER = join(REPO_ROOT, '.engines', 'mongo', '.complete');
const FETCH_SCRIPT = join(REPO_ROOT, 'scripts', 'engines', 'fetch-engines.sh');
const SERVER_SOURCE = join(REPO_ROOT, 'scripts', 'engines', 'MongoWireServer.java');
// First start compiles the single-file program in the JVM; give it room on a busy 2-core machine.
const READY_TIMEOUT_MS = 60_000;

function ensureJars(): void {
  const present = existsSync(MARKER) && existsSync(LIB_DIR) && readdirSync(LIB_DIR).some((f) => f.endsWith('.jar'));
  if (present) return;
  try {
    execFileSync('bash', [FETCH_SCRIPT, 'mongo'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], timeout: 10 * 60_000 });
  } catch (error) {
    const e = error as { stderr?: Buffer; stdout?: Buffer; message: string };
    throw new Error(
      `Could not fetch the MongoDB wire server jars (bash scripts/engines/fetch-engines.sh mongo): ${e.message}\n` +
        `${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`,
    );
  }
}

/** True once the port accepts a TCP connection. */
function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect({ port, host: HOST });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolvePromise(ok);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => finish(true));
  });
}

async function launch(java: string, port: number, workDir: string): Promise<EngineProcess> {
  const engine = spawnEngine(`mongo-java-server :${port}`, java, ['-cp', join(LIB_DIR, '*'), SERVER_SOURCE, String(port), HOST], {
    cwd: workDir,
    // The server exits when its stdin closes, so it cannot outlive a killed test process.
    stdinPipe: true,
  });
  await waitUntilReady(engine, async () => engine.output().includes(`listening ${HOST}:${port}`) && acceptsConnections(port), READY_TIMEOUT_MS);
  return engine;
}

export async function startMongo(): Promise<MongoHarness> {
  const java = process.env.JAVA_BIN ?? findBinary('java');
  if (!java) throw new Error('java was not found on PATH; the MongoDB wire server needs a JDK 17+ (apt-get install -y openjdk-17-jdk-headless)');
  ensureJars();
  // The memory backend keeps no files; the temp dir is the process's working directory.
  const workDir = mkdtempSync(join(tmpdir(), 'mongo-harness-'));
  let engine: EngineProcess;
  let port: number;
  try {
    ({ engine, port } = await launchOnFreePort((candidate) => launch(java, candidate, workDir), HOST));
  } catch (error) {
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
  const running = engine;
  return {
    url: `mongodb://${HOST}:${port}/?directConnection=true`,
    host: HOST,
    port,
    uriFor: (database) => `mongodb://${HOST}:${port}/${encodeURIComponent(database)}?directConnection=true`,
    async stop() {
      await running.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

export interface MongoSuite {
  /** Connection string of the server (no database): valid once the suite's beforeAll ran. */
  readonly url: string;
  /** A mongoose connection for inspecting and cleaning databases behind the adapter's back. */
  readonly admin: Connection;
}

/** One MongoDB wire server and one admin connection for the calling test file: started before all its tests, stopped after. */
export function useMongo(): MongoSuite {
  let mongo: MongoHarness | undefined;
  let admin: Connection | undefined;
  beforeAll(async () => {
    mongo = await startMongo();
    admin = await mongoose.createConnection(mongo.url).asPromise();
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    await mongo?.stop();
  });
  return {
    get url() {
      return (mongo as MongoHarness).url;
    },
    get admin() {
      return admin as Connection;
    },
  };
}
