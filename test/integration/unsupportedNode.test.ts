// A newcomer whose Node.js is outside `engines` (Debian's is 20, which crashes in better-sqlite3
// without a word) gets one line from every npm script instead: the Node found, the Nodes supported
// and the command that installs one. Run for real with this machine's own older Node and its npm.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import satisfies from 'semver/functions/satisfies';

const ROOT = resolve(__dirname, '../..');
const RANGE = '>=22.15 <25';
const INSTALL = 'export PATH="$(bash scripts/runtime/install-node.sh):$PATH"';

/** A Node on this machine that `engines` refuses (Debian's /usr/bin/node), with its version. */
function unsupportedNode(): { bin: string; version: string } | undefined {
  for (const bin of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(bin)) continue;
    const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (version && !satisfies(version, RANGE)) return { bin, version };
  }
  return undefined;
}

it('every npm script checks the Node first', () => {
  const { scripts, engines } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; engines: { node: string } };
  expect(engines.node).toBe(RANGE);
  const unchecked = Object.entries(scripts).filter(([, command]) => !command.startsWith('node scripts/runtime/checkNode.cjs && '));
  expect(unchecked).toEqual([]);
});

const old = unsupportedNode();
if (!old) console.log('unsupportedNode.test: skipped, this machine has no Node outside engines in /usr/bin or /usr/local/bin to run the scripts with');
const withOldNode = old ? describe : describe.skip;

withOldNode('npm scripts on an unsupported Node', () => {
  const { bin, version } = old ?? { bin: '', version: '' };
  // That Node's own npm when it has one beside it (as a newcomer would run it), else this one.
  const npm = existsSync(join(dirname(bin), 'npm')) ? [bin, join(dirname(bin), 'npm')] : [process.execPath, join(dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js')];

  function run(...args: string[]) {
    return runIn(ROOT, ...args);
  }

  function runIn(cwd: string, ...args: string[]) {
    const result = spawnSync(npm[0], [npm[1], ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${dirname(bin)}:/usr/bin:/bin` },
      timeout: 60_000,
    });
    return { status: result.status, signal: result.signal, stderr: result.stderr, stdout: result.stdout };
  }

  it.each(['start', 'test', 'run indexer', 'run build', 'run seed:demo'])('npm %s stops with one line naming the Node found, the range and the install command', (command) => {
    const result = run(...command.split(' '));
    expect(result.signal).toBeNull();
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([
      `Node.js ${version} is not supported: this project needs Node.js ${RANGE} (package.json engines); install Node 24 into .runtime/node and use it with: ${INSTALL}`,
    ]);
    // Nothing ran past the check: npm's own banner is all stdout holds.
    expect(result.stdout).not.toMatch(/listening|Error|Segmentation/);
  });

  it('npm ci refuses to install anything (engine-strict), so no native module is built for that Node', () => {
    // In a copy of the manifest, lock and .npmrc: the project's own node_modules stays as it is.
    const copy = mkdtempSync(join(tmpdir(), 'bdapi-old-node-'));
    try {
      for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(join(ROOT, file), join(copy, file));
      const result = runIn(copy, 'ci', '--no-audit', '--no-fund');
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('EBADENGINE');
      expect(result.stderr).toContain(`Required: {"node":"${RANGE}"}`);
      expect(existsSync(join(copy, 'node_modules'))).toBe(false);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('the README shows the same PATH line where it mentions the install script', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(INSTALL);
  });
});
