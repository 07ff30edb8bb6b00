// Remembers match counts until the index changes: pages' totals (a directory page without filters
// otherwise counts every document of the environment on each request) and the phrase counts
// bm25_given scores with (readPage.ts). Counts are exact again after any write, from this
// connection (noteWrite) or another process (SQLite's data_version moves).
import type { SqliteDatabase } from '../openDatabase';

const MAX_ENTRIES = 4096;

export interface TotalsCache {
  /** The cached count for `key`, or `count()` remembered under it. Call inside the read transaction. */
  total(key: string, count: () => number): number;
  noteWrite(): void;
}

export function createTotalsCache(db: SqliteDatabase): TotalsCache {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const totals = new Map<string, number>();
  let ownWrites = 0;
  let seen = '';
  return {
    total(key, count) {
      const version = `${dataVersion.get() as number}:${ownWrites}`;
      if (version !== seen) {
        totals.clear();
        seen = version;
      }
      const cached = totals.get(key);
      if (cached !== undefined) return cached;
      const value = count();
      if (totals.size >= MAX_ENTRIES) totals.delete(totals.keys().next().value as string);
      totals.set(key, value);
      return value;
    },
    noteWrite() {
      ownWrites += 1;
    },
  };
}
