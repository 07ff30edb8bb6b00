// docs/visibility.md's "Try it" on a fresh `npm run seed:demo` (one simulated day): the seed
// publishes one business live and prints the line to paste; `npm start` serves the seeded data
// directory on the port the seed printed; the commands open the business page, read its JSON-LD,
// the Markdown twin, /llms.txt and the sitemap, replay GPTBot's request and find it counted.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../harness/freePort';
import { startApiServer, type ApiServer } from '../harness/apiServer';
import { TYPESCRIPT_ENTRY } from '../harness/typescriptEntry';
import { namedBlock, ROOT } from './markdownBlocks';

const run = promisify(execFile);

let dataDir: string;
let server: ApiServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('runs as written on seed:demo, with the line the seed printed', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bdapi-seed-visibility-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'error' };
  const seeded = await run(process.execPath, [...TYPESCRIPT_ENTRY, 'scripts/seedDemo.ts', '--days', '1'], { cwd: ROOT, env, timeout: 180_000 });
  const exportLine = seeded.stdout.trimEnd().split('\n').at(-1) as string;
  expect(exportLine).toMatch(new RegExp(`^export BASE=http://localhost:${port}/v1 KEY=sk_live_\\w+ BIZ=biz_\\w+$`));

  server = await startApiServer({ LOG_LEVEL: 'warn' }, { dataDir, port });
  const block = namedBlock('docs/visibility.md', 'visibility').code;
  const result = await run('bash', ['-euo', 'pipefail', '-c', `${exportLine}\n${block}`], { cwd: ROOT, timeout: 60_000 })
    .then((done) => ({ code: 0, ...done }))
    .catch((error: { code: number; stdout: string; stderr: string }) => error);
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  const lines = result.stdout.trimEnd().split('\n');
  // The first demo business: a vegan restaurant in Austin, its information confirmed by the seed.
  expect(lines[0]).toMatch(new RegExp(`^the page: http://localhost:${port}/b/[a-z0-9-]+-austin$`));
  const jsonLd = JSON.parse(lines[1]) as Record<string, unknown>;
  expect(jsonLd).toMatchObject({ type: 'Restaurant', name: 'Green Leaf Kitchen Austin', city: 'Austin', confirmed: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  expect(lines[2]).toMatch(/^# /);
  expect(lines[3]).toMatch(/^- \[/);
  expect(Number(lines[4])).toBeGreaterThanOrEqual(1);
  expect(lines[5]).toBe('200');
  expect(lines).toHaveLength(7);
  const counted = JSON.parse(lines[6]) as { crawls: { training: number }; platforms: Array<{ name: string; crawls: number }> };
  expect(counted.crawls.training).toBe(1);
  expect(counted.platforms).toContainEqual({ name: 'chatgpt', crawls: 1 });
}, 300_000);
