// Runs the README's walkthrough block, as written, against a freshly started server.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startApiServer, type ApiServer } from '../harness/apiServer';

const run = promisify(execFile);

function walkthroughBlock(): string {
  const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
  const section = readme.split('<!-- walkthrough:start -->')[1]?.split('<!-- walkthrough:end -->')[0];
  const code = section?.match(/```bash\n([\s\S]*?)```/)?.[1];
  if (!code) throw new Error('README has no walkthrough block between the walkthrough markers');
  return code;
}

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
}, 60_000);
afterAll(() => server.stop());

it('the README walkthrough works as written', async () => {
  const workDir = mkdtempSync(join(tmpdir(), 'bdapi-walkthrough-'));
  try {
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', walkthroughBlock()], { cwd: workDir, env: { ...process.env, BASE: server.url }, timeout: 60_000 });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^acct_/);
    expect(lines).toContainEqual(expect.stringMatching(/^key ends in [A-Za-z0-9]{4}$/));
    expect(lines).toContainEqual(expect.stringMatching(/^created biz_/));
    expect(lines).toContainEqual(expect.stringMatching(/^svc_/));
    expect(lines).toContainEqual(expect.stringMatching(/^\/v1\/media\/med_/));
    expect(lines).toContain('published');
    expect(lines).toContain('pending');
    expect(lines.find((line) => line.startsWith('{"completionPercentage"'))).toBeDefined();
    expect(lines[lines.length - 1]).toBe('Green Leaf Kitchen');
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}, 90_000);
