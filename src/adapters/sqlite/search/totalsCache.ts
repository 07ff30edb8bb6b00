// Remembers match counts until the index changes: pages' totals (a directory page without filters
// otherwise counts every document of the environment on each request), the word counts of the
// common-word rule (commonWords.ts) and the phrase counts bm25_given scores with (readPage.ts).
// Counts are exact again after any write, from this connection (noteWrite) or another process
// (SQLite's data_version moves); the version is read once per search, in startRead.
import type { SqliteDatabase } from '../openDatabase';
import type { StatementCache } from './statementCache';

const MAX_ENTRIES = 4096;

export interface TotalsCache {
  /** Call first in each read transaction: forgets every count if the index changed since the last one. */
  startRead(): void;
  /** The cached count for `key`, or `count()` remembered under it. Call inside the read transaction. */
  total(key: string, count: () => number): number;
  /**
   * The one-row, one-column count `sql` returns for its single `parameter`. One key per (sql,
   * parameter) wherever it is asked for, so callers counting the same phrase share the entry.
   */
  count(sql: string, parameter: string): number;
  noteWrite(): void;
}

export function createTotalsCache(db: SqliteDatabase, statements: StatementCache): TotalsCache {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const totals = new Map<string, number>();
  let ownWrites = 0;
  let seen = '';
  const total = (key: string, count: () => number): number => {
    const cached = totals.get(key);
    if (cached !== undefined) return cached;
    const value = count();
    if (totals.size >= MAX_ENTRIES) totals.delete(totals.keys().next().value as string);
    totals.set(key, value);
    return value;
  };
  return {
    startRead() {
      const version = `${dataVersion.get() as number}:${ownWrites}`;
      if (version === seen) return;
      totals.clear();
      seen = version;
    },
    total,
    count: (sql, parameter) => total(`${sql}|${parameter}`, () => statements.get(sql).pluck().get(parameter) as number),
    noteWrite() {
      ownWrites += 1;
    },
  };
}
