// The change feed over the `changes` table: every profile write appends a row in its own
// transaction (see profileRepository.ts), and readers page through it by sequence number.
// A change carries the profile as stored now (like MongoDB's updateLookup), deleted ones included,
// so the indexer can remove them.
import type { BusinessProfile, Environment } from '../../../domain/profile';
import { type ChangeBatch, type ChangeFeed, ChangeHistoryLostError, type ProfileChange } from '../../../ports/changeFeed';
import type { SqliteDatabase } from '../openDatabase';
import type { ChangeSignal } from './changeSignal';

/** Other processes (a separate indexer) cannot signal us, so a waiting reader also polls this often. */
const POLL_INTERVAL_MS = 50;
const MAX_BATCH = 10_000;

export interface SqliteChangeFeed extends ChangeFeed {
  /**
   * Retention: deletes the changes before `position` (a position this feed returned) and
   * returns how many went. Consumers behind the new start get ChangeHistoryLostError and reindex.
   */
  pruneBefore(position: string): number;
}

interface ChangeRow {
  seq: number;
  profile_id: string;
  environment: Environment;
  at: string;
  doc: string | null;
}

export function createSqliteChangeFeed(db: SqliteDatabase, signal: ChangeSignal): SqliteChangeFeed {
  const bounds = db.prepare<[], { prunedThrough: number; head: number }>(
    `SELECT (SELECT pruned_through FROM change_retention WHERE id = 1) AS prunedThrough,
            coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'changes'), 0) AS head`,
  );
  const after = db.prepare<[number, number], ChangeRow>(
    `SELECT c.seq, c.profile_id, c.environment, c.at, p.doc
     FROM changes c LEFT JOIN profiles p ON p.id = c.profile_id
     WHERE c.seq > ? ORDER BY c.seq LIMIT ?`,
  );
  const countAfter = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM changes WHERE seq > ?');
  const deleteBefore = db.prepare<[number]>('DELETE FROM changes WHERE seq < ?');
  const setPrunedThrough = db.prepare<[number]>(
    'UPDATE change_retention SET pruned_through = max(pruned_through, ?) WHERE id = 1',
  );
  let closed = false;

  /** The sequence number to read after; throws when the feed cannot continue from `position`. */
  const startAfter = (position: string | null): number => {
    const { prunedThrough, head } = bounds.get()!;
    if (position === null) return prunedThrough;
    const seq = /^\d{1,15}$/.test(position) ? Number(position) : Number.NaN;
    if (Number.isNaN(seq)) throw new ChangeHistoryLostError(`"${position}" is not a position of this change feed`);
    // Beyond the head means the position came from another database (a restore or a replaced file).
    if (seq > head) throw new ChangeHistoryLostError(`Position ${position} is ahead of the newest change (${head})`);
    if (seq < prunedThrough) {
      throw new ChangeHistoryLostError(`Changes after ${position} were pruned (history starts after ${prunedThrough})`);
    }
    return seq;
  };

  const toChange = (row: ChangeRow): ProfileChange => ({
    position: String(row.seq),
    profileId: row.profile_id,
    environment: row.environment,
    profile: row.doc === null ? null : (JSON.parse(row.doc) as BusinessProfile),
    at: row.at,
  });

  const prune = db.transaction((before: number): number => {
    const { head } = bounds.get()!;
    const removed = deleteBefore.run(before).changes;
    setPrunedThrough.run(Math.min(before - 1, head));
    return removed;
  });

  return {
    async read(position, max, waitMs): Promise<ChangeBatch> {
      const from = startAfter(position);
      const limit = Math.min(MAX_BATCH, Math.max(1, Math.trunc(max)));
      const deadline = Date.now() + Math.max(0, waitMs);
      let rows = after.all(from, limit);
      while (rows.length === 0 && !closed) {
        const left = deadline - Date.now();
        if (left <= 0) break;
        await signal.wait(Math.min(POLL_INTERVAL_MS, left));
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() may have run during the wait
        if (closed) break;
        rows = after.all(from, limit);
      }
      if (rows.length === 0) return { changes: [], position };
      const changes = rows.map(toChange);
      return { changes, position: changes[changes.length - 1].position };
    },
    async head() {
      const { head } = bounds.get()!;
      return head === 0 ? null : String(head);
    },
    async countAfter(position) {
      return countAfter.get(startAfter(position))!.n;
    },
    pruneBefore(position) {
      const before = /^\d{1,15}$/.test(position) ? Number(position) : Number.NaN;
      if (Number.isNaN(before)) throw new RangeError(`"${position}" is not a position of this change feed`);
      return prune.immediate(before);
    },
    async close() {
      closed = true;
      signal.close();
    },
  };
}
