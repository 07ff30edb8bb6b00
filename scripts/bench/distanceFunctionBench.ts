// Per-call cost of the embedded index's distance_km: the JavaScript function searching
// connections register (searchReader.ts) against the C one the native extension replaces it with.
// One table of points scattered over the contiguous US, counted through each function, in turns,
// on two connections prepared exactly as the index prepares its own; a scan computing a cheap
// built-in expression on the same rows gives the cost of reading them, taken off both.
//
//   npx tsx scripts/bench/distanceFunctionBench.ts [--rows 1000000] [--rounds 5]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { rankExtension } from '../../src/adapters/sqlite/search/rankExtension';
import { prepareSearchConnection } from '../../src/adapters/sqlite/search/searchReader';
import { createSeededRandom } from './seededRandom';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} takes a positive integer`);
  return value;
}

const rows = option('rows', 1_000_000);
const rounds = option('rounds', 5);
const extension = rankExtension();
if (extension.library === null) throw new Error(`the native extension was not built: ${extension.reason}`);

const dir = mkdtempSync(join(tmpdir(), 'distance-bench-'));
try {
  const file = join(dir, 'points.db');
  const setup = new Database(file);
  setup.exec('CREATE TABLE t (lat REAL, lon REAL)');
  const random = createSeededRandom('distance bench');
  const insert = setup.prepare('INSERT INTO t VALUES (?, ?)');
  setup.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(random.between(25, 49), random.between(-124, -67));
  })();
  setup.close();

  const connect = (rankLibrary: string | null) => {
    const db = new Database(file, { readonly: true });
    prepareSearchConnection(db, { rankLibrary });
    return db;
  };
  const js = connect(null);
  const c = connect(extension.library);
  // Austin, 300 km: some rows pass, as in a radius search's exact cut.
  const args = [30.2672, -97.7431, 300];
  const scans = {
    'JavaScript distance_km': js.prepare('SELECT count(*) FROM t WHERE distance_km(lat, lon, ?, ?) <= ?').pluck(),
    'C distance_km': c.prepare('SELECT count(*) FROM t WHERE distance_km(lat, lon, ?, ?) <= ?').pluck(),
    'rows only (lat + lon + ? + ? <= ?)': c.prepare('SELECT count(*) FROM t WHERE lat + lon + ? + ? <= ?').pluck(),
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(scans).map((name) => [name, []]));
  const counts = new Map<string, unknown>();
  for (let round = 0; round <= rounds; round++) {
    for (const [name, scan] of Object.entries(scans)) {
      const started = process.hrtime.bigint();
      counts.set(name, scan.get(...args));
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (round > 0) times[name].push(ms); // round 0 warms the page cache and the JIT
    }
  }
  if (counts.get('JavaScript distance_km') !== counts.get('C distance_km')) throw new Error('the two functions count different rows');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const floor = median(times['rows only (lat + lon + ? + ? <= ?)']);
  console.log(`${rows} rows, ${rounds} rounds, ${counts.get('C distance_km')} within 300 km; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const [name, values] of Object.entries(times)) {
    const ms = median(values);
    const perCall = name.startsWith('rows') ? '' : `, ${(((ms - floor) * 1e6) / rows).toFixed(0)} ns per call over the row scan`;
    console.log(`${name}: median ${ms.toFixed(1)} ms (${values.map((v) => v.toFixed(0)).join(', ')})${perCall}`);
  }
  js.close();
  c.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
