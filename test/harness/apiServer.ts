// Starts the real API (`node --import tsx src/server.ts`, what `npm start` runs) on a free port with its own
// DATA_DIR, for tests that need a listening process: the README walkthrough, shutdown.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './freePort';
import { spawnEngine, waitUntilReady, type EngineProcess } from './engineProcess';
import { TYPESCRIPT_ENTRY } from './typescriptEntry';

export interface ApiServer {
  url: string;
  dataDir: string;
  process: EngineProcess;
  stop(): Promise<void>;
}

const ROOT = resolve(__dirname, '../..');

/** `options.dataDir`: serve an existing data directory (kept on stop); `options.port`: listen there instead of a free port. */
export async function startApiServer(env: Record<string, string> = {}, options: { dataDir?: string; port?: number } = {}): Promise<ApiServer> {
  const port = options.port ?? (await freePort());
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bdapi-server-'));
  const engine = spawnEngine('api', process.execPath, [...TYPESCRIPT_ENTRY, 'src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  const url = `http://127.0.0.1:${port}/v1`;
  await waitUntilReady(engine, async () => (await fetch(`${url}/health`)).ok, 30_000);
  return {
    url,
    dataDir,
    process: engine,
    async stop() {
      await engine.stop(10_000);
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
