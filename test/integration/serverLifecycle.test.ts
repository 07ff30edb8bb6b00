// The process around the app: start-up against a backend that never answers, clean SIGTERM
// with the indexer position committed, and the admin CLI.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { startApiServer } from '../harness/apiServer';
import { spawnEngine, waitUntilReady } from '../harness/engineProcess';
import { freePort } from '../harness/freePort';
import { TYPESCRIPT_ENTRY } from '../harness/typescriptEntry';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const TSX = TYPESCRIPT_ENTRY;

it('exits with a clear message when a configured backend does not answer in time', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bdapi-start-'));
  const deadPort = await freePort();
  try {
    const outcome = await run(process.execPath, [...TSX, 'src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), REDIS_URL: `redis://127.0.0.1:${deadPort}`, STARTUP_TIMEOUT_SECONDS: '1', LOG_LEVEL: 'error' },
      timeout: 30_000,
    }).then(
      () => ({ code: 0, output: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
    );
    expect(outcome.code).toBe(1);
    expect(outcome.output).toMatch(/Redis did not answer within 1 s/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 40_000);

it('refuses to start with an invalid setting and names it', async () => {
  const outcome = await run(process.execPath, [...TSX, 'src/server.ts'], { cwd: ROOT, env: { ...process.env, PORT: 'not-a-port' }, timeout: 30_000 }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
  expect(outcome.code).toBe(2);
  expect(outcome.stderr).toMatch(/PORT must be a whole number/);
}, 40_000);

it('stops on SIGTERM with exit code 0 after committing the indexer position', async () => {
  const server = await startApiServer({ LOG_LEVEL: 'info' });
  const register = await fetch(`${server.url}/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'sigterm@example.com', password: 'long enough password', name: 'S' }) });
  expect(register.status).toBe(201);
  const login = (await (await fetch(`${server.url}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'sigterm@example.com', password: 'long enough password' }) })).json()) as { data: { accessToken: string } };
  const created = await fetch(`${server.url}/business/profile`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${login.data.accessToken}` }, body: JSON.stringify({ name: 'Shutdown Cafe', category: 'cafes' }) });
  expect(created.status).toBe(201);

  process.kill(server.process.pid, 'SIGTERM');
  expect(await server.process.exited).toBe('0');
  expect(server.process.output()).toMatch(/"msg":"stopped"/);

  const store = createSqliteStore({ file: join(server.dataDir, 'store.db') });
  try {
    expect(await store.checkpoints.load('search-indexer')).toBe(await store.changeFeed.head());
  } finally {
    await store.close();
    await server.stop();
  }
}, 60_000);

it('with the indexer in its own process (npm run indexer), /ready still shows the lag: the committed position and what is pending', async () => {
  const server = await startApiServer({ IN_PROCESS_INDEXER: 'false' });
  let indexer: ReturnType<typeof spawnEngine> | undefined;
  try {
    const json = { 'Content-Type': 'application/json' };
    const credentials = JSON.stringify({ email: 'external@example.com', password: 'long enough password' });
    const registration = JSON.stringify({ email: 'external@example.com', password: 'long enough password', name: 'E' });
    expect((await fetch(`${server.url}/auth/register`, { method: 'POST', headers: json, body: registration })).status).toBe(201);
    const login = (await (await fetch(`${server.url}/auth/login`, { method: 'POST', headers: json, body: credentials })).json()) as { data: { accessToken: string } };
    const auth = { ...json, Authorization: `Bearer ${login.data.accessToken}` };
    expect((await fetch(`${server.url}/business/profile`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Outside Cafe', category: 'cafes' }) })).status).toBe(201);
    // The indexer report in /ready is shown to admins only.
    await run(process.execPath, [...TSX, 'scripts/createAdmin.ts', '--email', 'external@example.com'], { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir } });
    const readiness = async () => ((await (await fetch(`${server.url}/ready`, { headers: auth })).json()) as { data: { indexer: Record<string, unknown> } }).data.indexer;
    expect(await readiness()).toEqual({ state: 'external', position: null, pending: 1 });

    indexer = spawnEngine('indexer', process.execPath, [...TSX, 'indexer/main.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' } });
    let caughtUp: Record<string, unknown> = {};
    await waitUntilReady(indexer, async () => (caughtUp = await readiness()).pending === 0, 30_000);
    expect(caughtUp).toEqual({ state: 'external', position: expect.any(String), pending: 0 });
  } finally {
    await indexer?.stop();
    await server.stop();
  }
}, 60_000);

it('npm run admin:create creates the first admin and promotes an existing account', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bdapi-admin-'));
  try {
    const env = { ...process.env, DATA_DIR: dataDir };
    const first = await run(process.execPath, [...TSX, 'scripts/createAdmin.ts', '--email', 'Ops@Example.com', '--password', 'a strong admin password'], { cwd: ROOT, env });
    expect(first.stdout).toMatch(/Created admin ops@example.com \(acct_/);
    const again = await run(process.execPath, [...TSX, 'scripts/createAdmin.ts', '--email', 'ops@example.com'], { cwd: ROOT, env });
    expect(again.stdout).toMatch(/Promoted ops@example.com/);
    const store = createSqliteStore({ file: join(dataDir, 'store.db') });
    try {
      expect(await store.accounts.findByEmail('ops@example.com')).toMatchObject({ role: 'admin', plan: 'enterprise' });
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
