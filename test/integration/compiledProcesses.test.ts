// The production processes run the JavaScript `npm run build` writes (dist/), not TypeScript
// compiled at start: the compiled API serves from dist/ alone (its pages' files copied beside it),
// and a stack trace in its log still names the TypeScript file and line (source maps).
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnEngine, waitUntilReady } from '../harness/engineProcess';
import { freePort } from '../harness/freePort';
import { buildCompiled, COMPILED_PROCESSES, REPO_ROOT } from '../../scripts/runtime/compiledBuild';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bdapi-compiled-'));
  dirs.push(dir);
  return dir;
}

beforeAll(() => {
  buildCompiled();
}, 600_000);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('npm run build writes each entry point with its source map', () => {
  for (const command of Object.values(COMPILED_PROCESSES)) {
    const entry = join(REPO_ROOT, command[command.length - 1]);
    expect(existsSync(entry)).toBe(true);
    expect(existsSync(`${entry}.map`)).toBe(true);
  }
});

it('the compiled API serves its routes and its pages from dist/', async () => {
  const port = await freePort();
  const api = spawnEngine('compiled-api', process.execPath, [...COMPILED_PROCESSES.api], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir(), LOG_LEVEL: 'warn' },
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(api, async () => (await fetch(`${base}/v1/health`)).ok, 120_000);
    expect((await fetch(`${base}/v1/ready`)).status).toBe(200);
    const openapi = await fetch(`${base}/v1/openapi.json`);
    expect((await openapi.json()).openapi).toBe('3.1.0');
    // The dashboard's browser files are read from dist/src/dashboard/public.
    const dashboard = await fetch(`${base}/dashboard/assets/main.js`);
    expect(dashboard.status).toBe(200);
  } finally {
    await api.stop(15_000);
  }
}, 180_000);

it('a stack trace in its log names the TypeScript line, not the compiled JavaScript', async () => {
  const dir = dataDir();
  // A store file that is not a database: start-up fails, and the process logs why with the stack.
  writeFileSync(join(dir, 'store.db'), 'this is not a SQLite database, it is a long enough line of plain text to be read as one');
  const api = spawnEngine('compiled-api-broken', process.execPath, [...COMPILED_PROCESSES.api], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn', STARTUP_TIMEOUT_SECONDS: '1' },
  });
  expect(await api.exited).toBe('1');
  const fatal = api
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { stack: string } })
    .find((entry) => entry.level === 60);
  expect(fatal?.msg).toMatch(/^start-up failed: SQLite store did not answer within 1 s/);
  expect(fatal?.err?.stack).toMatch(/\/src\/runtime\/startupRetry\.ts:\d+:\d+/);
  expect(fatal?.err?.stack).not.toMatch(/startupRetry\.js/);
}, 120_000);
