// Embedded AnalyticsStore: SQLite in its own file (DATA_DIR/analytics.db). Writes run on a writer
// thread with its own connection (analyticsWriter.ts), so no batch holds the event loop; the
// questions read rollups for counts and raw events only for what needs them (journeys,
// attribution, conversion rates), on this connection.
import { checkAnalyticsEvents } from '../../../domain/analytics/checkEvents';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import { UnavailableError } from '../../../domain/errors';
import type { AnalyticsStore } from '../../../ports/analyticsStore';
import { openDatabase, runMigrations, type SqliteDatabase } from '../openDatabase';
import { prepareAnalyticsConnection } from './analyticsConnection';
import { ANALYTICS_COMPONENT, analyticsMigrations } from './analyticsSchema';
import { type AnalyticsWriter, createInlineAnalyticsWriter, createThreadAnalyticsWriter } from './analyticsWriter';
import { createBusinessTotals } from './businessTotals';
import { createConvertedJourneys } from './convertedJourneys';
import { createRevenue } from './revenue';
import { createJourneys } from './journeys';
import { rebuildSqliteRollups, type RebuildProgress } from './rebuildRollups';
import { createVisibility } from './visibility';

export interface SqliteAnalyticsStoreOptions {
  /** Path of the database file, or ':memory:'. */
  file: string;
  /** Page cache of the reading connection, MiB: the rollups stay hot at scale. */
  cacheMiB?: number;
  /** Page cache of the writer's connection, MiB (default WRITER_CACHE_MIB). */
  writerCacheMiB?: number;
  /** Write on a thread of its own (default for a file; ':memory:' always writes in-process). */
  writerThread?: boolean;
}

export interface SqliteAnalyticsStore extends AnalyticsStore {
  /** The open (reading) database, for the benchmark's raw floor (same queries, no HTTP). */
  readonly db: SqliteDatabase;
  /** Re-counts the rollups from the raw events (rebuildRollups.ts says which), business by business. */
  rebuildRollups(onProgress?: (progress: RebuildProgress) => void): RebuildProgress;
}

/**
 * The writer's page cache holds the pages of the key and journey indexes it inserts into. It fills
 * to its bound as the file grows past it, and what it holds is resident memory for the life of the
 * process: 128 MiB of a soak's plateau, where 32 cost no ingestion (1 M events, twice each way,
 * 21 554-23 360 events per CPU second at 32 MiB against 20 250-21 866 at 128). A page it misses is
 * read from the operating system's file cache.
 */
const WRITER_CACHE_MIB = 32;

/** Rows deleted per purge transaction, so a large purge never holds the write lock for long. */
const PURGE_CHUNK = 5000;

export function createSqliteAnalyticsStore(options: SqliteAnalyticsStoreOptions): SqliteAnalyticsStore {
  const inMemory = options.file === ':memory:' || options.file === '';
  const db = openDatabase({ file: options.file });
  try {
    prepareAnalyticsConnection(db, { cacheMiB: options.cacheMiB ?? 128 });
    runMigrations(db, ANALYTICS_COMPONENT, analyticsMigrations);
  } catch (error) {
    db.close();
    throw error;
  }
  const writer: AnalyticsWriter = inMemory || options.writerThread === false
    ? createInlineAnalyticsWriter(db)
    : createThreadAnalyticsWriter({ file: options.file, connection: { cacheMiB: options.writerCacheMiB ?? WRITER_CACHE_MIB } });
  let closed = false;

  return {
    db,
    visibility: createVisibility(db),
    journeys: createJourneys(db),
    convertedJourneys: createConvertedJourneys(db),
    revenue: createRevenue(db),
    businessTotals: createBusinessTotals(db),
    rebuildRollups: (onProgress) => rebuildSqliteRollups(db, onProgress),
    async append(events: AnalyticsEvent[]) {
      checkAnalyticsEvents(events);
      if (events.length === 0) return { accepted: 0, duplicates: 0 };
      if (closed) throw new UnavailableError('The analytics store is closed');
      return writer.append(events);
    },
    // Rollups are written in the append's transaction: no event is ever stored uncounted.
    catchUpRollups: async () => ({ batches: 0, events: 0 }),
    async purgeRawEvents(before: Date) {
      let total = 0;
      for (;;) {
        // Chunk by chunk: appends queued meanwhile run between them.
        const removed = await writer.purgeChunk(before.getTime(), PURGE_CHUNK);
        total += removed;
        if (removed < PURGE_CHUNK) return total;
      }
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (closed) return;
      closed = true;
      await writer.close();
      db.close();
    },
  };
}
