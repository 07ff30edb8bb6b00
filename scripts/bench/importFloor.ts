// The embedded engine's floor under an import: the rows an import stored, copied by SQL alone from
// its store into a fresh one (the same schema, page cache and batch size), so SQLite does the
// writes the import asked of it (profiles with their generated columns and indexes, dedupe and page
// address keys, change-feed rows) and no JavaScript runs per row. The import's CPU a row beside it
// says how much of a row is the engine's and how much is ours.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../src/adapters/sqlite/openDatabase';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';

export interface StoreWriteFloor {
  profiles: number;
  keys: number;
  ms: number;
  /** CPU of the copy, less that of reading the same rows from the source alone. */
  cpuMs: number;
}

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

export async function storeWriteFloor(options: { source: string; dir: string; rows: number; batchSize: number; cacheMiB: number }): Promise<StoreWriteFloor> {
  const file = join(options.dir, 'floor-store.db');
  rmSync(file, { force: true });
  await createSqliteStore({ file }).close();
  const db = openDatabase({ file });
  try {
    db.pragma(`cache_size = ${-options.cacheMiB * 1024}`);
    db.prepare('ATTACH ? AS src').run(options.source);
    const range = db.prepare('SELECT min(rowid) AS first, max(rowid) AS last FROM (SELECT rowid FROM src.profiles ORDER BY rowid LIMIT ?)').get(options.rows) as { first: number; last: number };
    const profiles = db.prepare('INSERT INTO profiles (id, doc, category_key) SELECT id, doc, category_key FROM src.profiles WHERE rowid BETWEEN ? AND ?');
    const keys = db.prepare(
      'INSERT INTO profile_keys (environment, key, profile_id) SELECT k.environment, k.key, k.profile_id FROM src.profiles p JOIN src.profile_keys k ON k.profile_id = p.id WHERE p.rowid BETWEEN ? AND ?',
    );
    const changes = db.prepare('INSERT INTO changes (profile_id, environment, at) SELECT id, environment, updated_at FROM src.profiles WHERE rowid BETWEEN ? AND ?');
    const readAlone = db.prepare('SELECT count(*) AS n, sum(length(doc)) AS bytes FROM src.profiles p LEFT JOIN src.profile_keys k ON k.profile_id = p.id WHERE p.rowid BETWEEN ? AND ?');
    const batch = db.transaction((from: number, to: number) => {
      profiles.run(from, to);
      keys.run(from, to);
      changes.run(from, to);
    });
    const eachBatch = (step: (from: number, to: number) => unknown) => {
      for (let from = range.first; from <= range.last; from += options.batchSize) step(from, Math.min(range.last, from + options.batchSize - 1));
    };
    let cpu = cpuMs();
    eachBatch((from, to) => readAlone.get(from, to));
    const readCpuMs = cpuMs() - cpu;
    const started = performance.now();
    cpu = cpuMs();
    eachBatch(batch);
    const copyCpuMs = cpuMs() - cpu;
    const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM main.${table}`).get() as { n: number }).n;
    return { profiles: count('profiles'), keys: count('profile_keys'), ms: performance.now() - started, cpuMs: Math.max(0, copyCpuMs - readCpuMs) };
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
}
