// The README and docs/*.md, run as a reader would against a real server (`tsx src/server.ts` on a
// free port): the walkthrough twice and once against a wrong address, then every other command
// block that talks to the service, with the values the walkthrough's last line exports. A block
// another page adds is picked up here on its own; one that cannot run says why in a
// `<!-- docs-test: not run (why) -->` comment above it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer, type ApiServer } from '../harness/apiServer';
import { documentationFiles, markdownBlocks, namedBlock, notRunReason, ROOT, talksToTheService, type MarkdownBlock } from './markdownBlocks';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function bash(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<Run> {
  return new Promise((done) => {
    execFile('bash', args, { cwd: options.cwd, env: { ...process.env, ...options.env }, timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

const WALKTHROUGH = join(ROOT, 'scripts/walkthrough.sh');
const EXPORTED = ['BASE', 'ACCOUNT', 'KEY', 'BIZ', 'TOKEN'] as const;
type Exported = Record<(typeof EXPORTED)[number], string>;

/** What a reader's shell holds after pasting the walkthrough's last line. */
async function exportedBy(line: string): Promise<Exported> {
  const shown = await bash(['-c', `${line}\nprintf '%s\\n' ${EXPORTED.map((name) => `"$${name}"`).join(' ')}`], { cwd: ROOT });
  const values = shown.stdout.trimEnd().split('\n');
  return Object.fromEntries(EXPORTED.map((name, i) => [name, values[i]])) as Exported;
}

const serviceBlocks = documentationFiles()
  .flatMap((file) => markdownBlocks(file))
  .filter((block) => talksToTheService(block) && block.note !== 'walkthrough:start');
const runBlocks = serviceBlocks.filter((block) => notRunReason(block) === undefined);
const where = (block: MarkdownBlock) => `${block.file}:${block.line}`;

let server: ApiServer;
let walkthroughValues: Exported | undefined;

beforeAll(async () => {
  server = await startApiServer();
}, 60_000);
afterAll(() => server.stop());

describe('the README walkthrough', () => {
  it('is scripts/walkthrough.sh word for word, so `bash scripts/walkthrough.sh` runs what the README shows', () => {
    expect(namedBlock('README.md', 'walkthrough').code).toBe(readFileSync(WALKTHROUGH, 'utf8'));
  });

  it('runs twice in a row on one server, each run finding its own new business, and leaves no file behind', async () => {
    const found: string[] = [];
    for (const run of [1, 2]) {
      const cwd = mkdtempSync(join(tmpdir(), `bdapi-walkthrough-${run}-`));
      try {
        const result = await bash([WALKTHROUGH, server.url], { cwd });
        expect({ run, code: result.code, stderr: result.stderr }).toEqual({ run, code: 0, stderr: '' });
        const lines = result.stdout.trimEnd().split('\n');
        expect(lines.slice(0, 7)).toEqual([
          expect.stringMatching(/^account acct_\w+$/),
          expect.stringMatching(/^key ends in \w{4}$/),
          expect.stringMatching(/^created biz_\w+$/),
          expect.stringMatching(/^service svc_\w+$/),
          expect.stringMatching(/^logo \/v1\/media\/med_\w+$/),
          'published',
          'verification pending',
        ]);
        expect(JSON.parse(lines[7])).toEqual({ completionPercentage: expect.any(Number), missingFields: [], recommendedFields: expect.any(Array) });
        expect(lines[8]).toMatch(/^found Green Leaf Kitchen \d+ at position \d+$/);
        expect(lines[9]).toMatch(/^export BASE=/);
        expect(lines).toHaveLength(10);
        expect(readdirSync(cwd)).toEqual([]);

        const values = await exportedBy(lines[9]);
        expect(values.BASE).toBe(server.url);
        expect(lines[2]).toBe(`created ${values.BIZ}`);
        // The business found is this run's own: its name is the one the found line printed.
        const profile = await fetch(`${server.url}/business/profile/${values.BIZ}`, { headers: { Authorization: `Bearer ${values.KEY}` } });
        const name = ((await profile.json()) as { data: { name: string } }).data.name;
        expect(lines[8]).toBe(`found ${name} at position ${/position (\d+)/.exec(lines[8])?.[1]}`);
        found.push(name);
        walkthroughValues = values;
      } finally {
        rmSync(cwd, { recursive: true, force: true });
      }
    }
    expect(found[0]).not.toBe(found[1]);
  }, 120_000);

  it('stops at the first request that fails, with the error body on stderr and a non-zero exit', async () => {
    const result = await bash([WALKTHROUGH, `${server.url}/nope`], { cwd: tmpdir() });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('(22) The requested URL returned error: 404');
    expect(result.stderr).toContain('"code":"NOT_FOUND"');
    expect(result.stderr).toContain('No route for POST /v1/nope/auth/register');
  }, 60_000);
});

describe('every other command block that talks to the service', () => {
  it('is found in the README and docs (the trying-things-out block at least), and each one not run says why', () => {
    expect(runBlocks.map(where)).toContainEqual(where(namedBlock('README.md', 'trying')));
    for (const block of serviceBlocks) {
      if (block.note?.startsWith('docs-test')) expect({ at: where(block), reason: notRunReason(block) }).toEqual({ at: where(block), reason: expect.any(String) });
    }
  });

  it('calls curl with --fail-with-body, so a refused request fails the command instead of printing its error as data', () => {
    for (const block of runBlocks) {
      const calls = block.code.split(/(?=\bcurl\s)/).filter((part) => /^curl\s/.test(part));
      for (const call of calls) {
        const command = call.split(/\n(?!\s)/)[0];
        expect({ at: where(block), command, fails: /\s--fail-with-body\b/.test(command) }).toEqual({ at: where(block), command, fails: true });
      }
    }
  });

  it.each(runBlocks.map((block) => [where(block), block] as const))('%s runs as written, from the repository, with the walkthrough\'s values', async (_where, block) => {
    if (!walkthroughValues) throw new Error('the walkthrough did not run, so its values are missing');
    const before = readdirSync(ROOT).sort();
    const result = await bash(['-euo', 'pipefail', '-c', block.code], { cwd: ROOT, env: { ...walkthroughValues, DATA_DIR: server.dataDir } });
    expect({ code: result.code, stderr: result.code === 0 ? '' : result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout.trim()).not.toBe('');
    expect(readdirSync(ROOT).sort()).toEqual(before);
    if (block.note === 'trying:start') {
      // An admin raised the plan and recorded a partnership agreement, so partner search answers.
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines).toContain('{"plan":"enterprise"}');
      expect(lines).toContain('{"state":"in_force","areas":["partner_search"]}');
      expect(lines[lines.length - 1]).toMatch(/^partner search finds Green Leaf Kitchen \d+$/);
    }
  }, 60_000);
});
