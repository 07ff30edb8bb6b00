// `npm test` on a machine without an engine stops at once with one line naming what is missing
// and how to install it (scripts/test/checkEngines.mjs), the line the README quotes.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findBinary } from '../harness/findBinary';
import { readDoc, ROOT } from './markdownBlocks';

const CHECK = join(ROOT, 'scripts/test/checkEngines.mjs');

function check(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [CHECK, ...args], { env, timeout: 30_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

/** The interpreter itself, not a launcher script (pyenv's shim needs bash on PATH). */
function realPython(): string | undefined {
  try {
    return execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** A PATH holding only the given tools (links to this machine's own), so the others are missing. */
function pathWith(tools: string[]): { path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'bdapi-path-'));
  for (const tool of tools) {
    const found = tool === 'node' ? process.execPath : tool === 'python3' ? realPython() : findBinary(tool);
    if (found) symlinkSync(found, join(dir, tool));
  }
  return { path: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

it('`npm test` checks the Node, then runs the engine check, before the type check, the lint (layers, dashboard) and jest', () => {
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  expect(scripts.test).toBe('node scripts/runtime/checkNode.cjs && node scripts/test/checkEngines.mjs && npm run typecheck && npm run lint && jest --runInBand');
});

it('without redis-server and Chromium it stops with the one line the README quotes, and names their Debian packages', async () => {
  const path = pathWith(['node', 'java', 'javac', 'mvn', 'python3', 'curl', 'jq', 'cc']);
  try {
    const env = { PATH: path.path, HOME: tmpdir(), CHROMIUM_PATH: join(path.path, 'no-chromium') };
    const stopped = await check([], env);
    const readme = readDoc('README.md');
    const quoted = /when something is missing it stops with one line:\n\n```text\n(.+)\n```/.exec(readme)?.[1];
    expect(quoted).toBeDefined();
    expect(stopped).toEqual({ code: 1, stdout: '', stderr: `${quoted}\n` });
    expect(await check(['--packages'], env)).toEqual({ code: 0, stdout: 'redis-server chromium\n', stderr: '' });
  } finally {
    path.remove();
  }
});

it('with everything the tests need it says nothing and lets `npm test` go on', async () => {
  const result = await check([], { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...(process.env.CHROMIUM_PATH && { CHROMIUM_PATH: process.env.CHROMIUM_PATH }) });
  expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
});
