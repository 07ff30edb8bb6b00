// Runs the README's walkthrough block, as written, against a freshly started server.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startApiServer, type ApiServer } from '../harness/apiServer';

const run = promisify(execFile);

const ROOT = resolve(__dirname, '../..');

/** The bash block between `<!-- name:start -->` and `<!-- name:end -->` in the README. */
function readmeBlock(name: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(`<!-- ${name}:start -->`)[1]?.split(`<!-- ${name}:end -->`)[0];
  const code = section?.match(/```bash\n([\s\S]*?)```/)?.[1];
  if (!code) throw new Error(`README has no bash block between the ${name} markers`);
  return code;
}

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
}, 60_000);
afterAll(() => server.stop());

it('the README walkthrough works as written, and so does its "Trying things out" block after it', async () => {
  const workDir = mkdtempSync(join(tmpdir(), 'bdapi-walkthrough-'));
  try {
    // The trying block runs from the repository (npm run admin:create) with the server's DATA_DIR,
    // in the same shell, so it uses the walkthrough's $BASE, $ACCOUNT and $KEY as a reader would.
    const script = `${readmeBlock('walkthrough')}\ncd ${JSON.stringify(ROOT)}\n${readmeBlock('trying')}`;
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: workDir,
      env: { ...process.env, BASE: server.url, DATA_DIR: server.dataDir },
      timeout: 90_000,
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^acct_/);
    expect(lines).toContainEqual(expect.stringMatching(/^key ends in [A-Za-z0-9]{4}$/));
    expect(lines).toContainEqual(expect.stringMatching(/^created biz_/));
    expect(lines).toContainEqual(expect.stringMatching(/^svc_/));
    expect(lines).toContainEqual(expect.stringMatching(/^\/v1\/media\/med_/));
    expect(lines).toContain('published');
    expect(lines).toContain('pending');
    expect(lines.find((line) => line.startsWith('{"completionPercentage"'))).toBeDefined();
    expect(lines[lines.length - 5]).toBe('Green Leaf Kitchen');
    expect(lines[lines.length - 4]).toMatch(/^Created admin ops@example.com \(acct_/);
    expect(lines[lines.length - 3]).toBe('{"plan":"enterprise"}');
    expect(lines[lines.length - 2]).toBe('{"state":"in_force","areas":["partner_search"]}');
    // Partner search answers the account once an admin recorded its partnership agreement.
    expect(lines[lines.length - 1]).toBe('Green Leaf Kitchen');
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}, 150_000);
