// Retention: raw events older than the cut-off go, a chunk per transaction so the write lock is
// never held for long; the daily rollups stay.
import type { SqliteDatabase } from '../openDatabase';

export function createPurgeChunk(db: SqliteDatabase): (beforeMs: number, limit: number) => number {
  const purge = db.prepare('DELETE FROM analytics_events WHERE seq IN (SELECT seq FROM analytics_events WHERE ts < ? LIMIT ?)');
  return (beforeMs, limit) => purge.run(beforeMs, limit).changes;
}
