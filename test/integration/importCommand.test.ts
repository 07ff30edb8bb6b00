// `npm run import` as an operator runs it: a real child process on a fresh DATA_DIR. Its output on
// the repository's samples (written out by hand below), its refusals of bad options, and a run
// killed with SIGKILL midway and run again: every row takes effect once.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function importCommand(args: string[], dataDir: string): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [TSX, 'scripts/importCommand.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, timeout: 120_000 }, (error, stdout, stderr) =>
      done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

let dataDir: string;
beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'import-command-'))));
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The timing figures of the summary vary run to run; everything else is as written. */
const timing = (text: string) => text.replace(/in \d+\.\d s, [\d,]+ rows\/s \(store \d+\.\d s\)/, 'in T s, R rows/s (store S s)');

describe('npm run import', () => {
  it('imports the Overture sample and says what it did with every row, then has the search index follow', async () => {
    const run = await importCommand(['docs/import/overture-austin.geojsonseq'], dataDir);
    expect({ code: run.code, stderr: run.stderr.replace(/\[[#.]+\] [^\n]*\n/g, '') }).toEqual({ code: 0, stderr: '' });
    const lines = run.stdout.trimEnd().split('\n').map(timing);
    expect(lines[0]).toMatch(/^importing docs\/import\/overture-austin\.geojsonseq \(ndjson, overture schema\) into live as published, owned by Unclaimed listings \(acct_\w+\)$/);
    expect(lines.slice(1, 5)).toEqual([
      'line 4 [08f48d8b2d1a6c0e03a1e2b4f6c9d704]: imported without contact.website: must be an https URL',
      "line 7: refused: names.primary is required (the place's name)",
      expect.stringMatching(/^line 8 \[08f48d8b2d1a6c0e03a1e2b4f6c9d708\]: duplicate: has the same phone number as business biz_\w{20}: refused as a duplicate$/),
      'line 10: refused: categories.primary is required (the place has no category)',
    ]);
    expect(lines.slice(5)).toEqual([
      'imported 10 rows in T s, R rows/s (store S s)',
      '  6 created, 0 updated, 0 unchanged; 1 left out (closed or below the confidence asked for), 0 of them removed',
      '  2 refused, 1 duplicates, 0 kept as their owner left them; 1 invalid fields left out',
      '  categories: 6 of 6 written businesses have a taxonomy kind',
      'search index: built from the store (it had none yet): 6 documents',
    ]);
  }, 120_000);

  it('refuses an unknown option or format with the usage (exit 2) and a missing file with one line (exit 1)', async () => {
    const unknown = await importCommand(['docs/import/overture-austin.geojsonseq', '--schema', 'yelp'], dataDir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^--schema must be one of overture, foursquare, profiles \(got "yelp"\)\n\nUsage: npm run import -- FILE \[options\]/);
    const format = await importCommand(['places.xlsx'], dataDir);
    expect(format).toMatchObject({ code: 2, stderr: expect.stringMatching(/^cannot tell the format of "places.xlsx" from its extension: add --format ndjson, csv or parquet\n/) });
    const missing = await importCommand(['docs/import/nothing-here.csv'], dataDir);
    expect(missing).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(/^import failed: ENOENT: no such file or directory, stat 'docs\/import\/nothing-here.csv'\n$/) });
  }, 120_000);

  it('resumes a run killed with SIGKILL from its last committed batch: every row stored once, one change each', async () => {
    const rows = 30_000;
    const file = join(dataDir, 'places.ndjson');
    const lines: string[] = [];
    for (let n = 0; n < rows; n++) {
      lines.push(JSON.stringify({ id: `p${n}`, name: `Place ${n}`, category: 'Bakery', location: { coordinates: { lat: 30 + (n % 1000) / 10_000, lon: -97 - Math.floor(n / 1000) / 10_000 } } }));
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
    // node --import tsx runs the command in this very process (the tsx CLI would run it in a child
    // of its own, which a SIGKILL of the CLI would leave running).
    const args = ['--import', 'tsx', 'scripts/importCommand.ts', file, '--batch', '500', '--threads', '0', '--index', 'none'];
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve_) => child.on('exit', (_code, signal) => resolve_(signal)));

    // Killed once the store holds some committed batches: read from the store itself, a few ms apart.
    let committed = 0;
    let db: Database.Database | undefined;
    for (let polls = 0; polls < 60_000 && committed < 2_000; polls++) {
      await new Promise((resolve_) => setTimeout(resolve_, 5));
      try {
        db ??= new Database(join(dataDir, 'store.db'), { readonly: true, fileMustExist: true });
        const saved = db.prepare("SELECT position FROM checkpoints WHERE consumer LIKE 'import:%'").pluck().get() as string | undefined;
        committed = saved ? (JSON.parse(saved) as { rowsDone: number }).rowsDone : 0;
      } catch {
        // The store is not created yet.
      }
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const killedAt = (JSON.parse(db?.prepare("SELECT position FROM checkpoints WHERE consumer LIKE 'import:%'").pluck().get() as string) as { rowsDone: number; done: boolean });
    db?.close();
    expect(killedAt.done).toBe(false);
    expect(killedAt.rowsDone).toBeGreaterThanOrEqual(2_000);
    expect(killedAt.rowsDone).toBeLessThan(rows);

    const again = await importCommand([file, '--batch', '500', '--threads', '0', '--index', 'none'], dataDir);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`imported 30,000 rows (${(rows - killedAt.rowsDone).toLocaleString('en-US')} in this run, resumed after row ${killedAt.rowsDone.toLocaleString('en-US')})`);
    // A batch committed but not yet checkpointed when the kill came is read again and found unchanged.
    expect(again.stdout).toMatch(/\n {2}(30,000 created, 0 updated, 0 unchanged|29,500 created, 0 updated, 500 unchanged);/);

    const store = new Database(join(dataDir, 'store.db'), { readonly: true });
    try {
      expect(store.prepare('SELECT count(*) AS n, count(DISTINCT id) AS ids, max(version) AS highest FROM profiles').get()).toEqual({ n: rows, ids: rows, highest: 1 });
      // One change-feed entry per profile: no row took effect twice.
      expect(store.prepare('SELECT count(*) AS n, count(DISTINCT profile_id) AS ids FROM changes').get()).toEqual({ n: rows, ids: rows });
    } finally {
      store.close();
    }
  }, 300_000);
});
