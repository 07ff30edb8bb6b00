// Embedded AnalyticsStore: SQLite in its own file (DATA_DIR/analytics.db). Writes are synchronous
// and short (one transaction per batch); the questions read rollups for counts and raw events
// only for what needs them (journeys, attribution, conversion rates).
import { checkAnalyticsEvents } from '../../../domain/analytics/checkEvents';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import type { AnalyticsStore } from '../../../ports/analyticsStore';
import { openDatabase, runMigrations, type SqliteDatabase } from '../openDatabase';
import { ANALYTICS_COMPONENT, analyticsMigrations } from './analyticsSchema';
import { createAppendEvents } from './appendEvents';
import { createBusinessTotals } from './businessTotals';
import { createConvertedJourneys } from './convertedJourneys';
import { createJourneys } from './journeys';
import { createVisibility } from './visibility';

export interface SqliteAnalyticsStoreOptions {
  /** Path of the database file, or ':memory:'. */
  file: string;
  /** Page cache, MiB: the rollup and key indexes stay hot at scale. */
  cacheMiB?: number;
}

export interface SqliteAnalyticsStore extends AnalyticsStore {
  /** The open database, for the benchmark's raw floor (same queries, no HTTP). */
  readonly db: SqliteDatabase;
}

/** Rows deleted per purge transaction, so a large purge never holds the write lock for long. */
const PURGE_CHUNK = 5000;

export function createSqliteAnalyticsStore(options: SqliteAnalyticsStoreOptions): SqliteAnalyticsStore {
  const db = openDatabase({ file: options.file });
  try {
    db.pragma(`cache_size = -${Math.trunc((options.cacheMiB ?? 256) * 1024)}`);
    db.pragma('temp_store = MEMORY');
    // Event batches dirty many index pages at once: checkpoint the WAL every ~40 MB rather than
    // every 4 MB, so ingestion is not paced by checkpoints.
    db.pragma('wal_autocheckpoint = 10000');
    runMigrations(db, ANALYTICS_COMPONENT, analyticsMigrations);
  } catch (error) {
    db.close();
    throw error;
  }
  const appendEvents = createAppendEvents(db);
  const purgeChunk = db.prepare('DELETE FROM analytics_events WHERE seq IN (SELECT seq FROM analytics_events WHERE ts < ? LIMIT ?)');
  let closed = false;

  return {
    db,
    visibility: createVisibility(db),
    journeys: createJourneys(db),
    convertedJourneys: createConvertedJourneys(db),
    businessTotals: createBusinessTotals(db),
    async append(events: AnalyticsEvent[]) {
      checkAnalyticsEvents(events);
      if (events.length === 0) return { accepted: 0, duplicates: 0 };
      return appendEvents(events);
    },
    async purgeRawEvents(before: Date) {
      let total = 0;
      for (;;) {
        const { changes } = purgeChunk.run(before.getTime(), PURGE_CHUNK);
        total += changes;
        if (changes < PURGE_CHUNK) return total;
        // Let queued requests run between chunks.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
