// Chooses the AnalyticsStore adapter and keeps raw events within their retention period.
// Embedded: SQLite in DATA_DIR/analytics.db, a file of its own so event writes never contend
// with profile writes in store.db. Elasticsearch (config.analyticsEngine) with ELASTICSEARCH_URL;
// its client loads only then.
import { join } from 'node:path';
import { createSqliteAnalyticsStore } from '../adapters/sqlite/analytics/sqliteAnalyticsStore';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { AnalyticsStore } from '../ports/analyticsStore';

type AnalyticsConfig = Pick<Config, 'dataDir' | 'analyticsEngine' | 'elasticsearchUrl'>;

export async function openAnalyticsStore(config: AnalyticsConfig, logger: Logger): Promise<AnalyticsStore> {
  const store =
    config.analyticsEngine === 'elasticsearch' && config.elasticsearchUrl
      ? (await import('../adapters/elasticsearch/analytics/elasticsearchAnalyticsStore')).createElasticsearchAnalyticsStore({ node: config.elasticsearchUrl, logger: logger.child({ component: 'analytics' }) })
      : createSqliteAnalyticsStore({ file: join(config.dataDir, 'analytics.db') });
  try {
    await store.ping();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Hourly is plenty for a retention counted in days; the first run waits a minute so boot stays quick. */
const PURGE_EVERY_MS = 60 * 60 * 1000;
const FIRST_PURGE_AFTER_MS = 60 * 1000;
/** An append sends its own rollups within seconds; one stored longer ago than this without them was interrupted. */
export const CATCH_UP_AFTER_MS = 5 * 60 * 1000;
const CATCH_UP_EVERY_MS = 60 * 1000;

/**
 * Runs `task` after `firstAfterMs`, then every `everyMs`, never two at once; returns the function that
 * stops it. The task logs its own failures (it must not reject: nothing awaits a timer's callback).
 */
function repeat(task: () => Promise<void>, firstAfterMs: number, everyMs: number): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    void task().finally(() => {
      running = false;
    });
  };
  const first = setTimeout(run, firstAfterMs);
  const every = setInterval(run, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

/** Purges raw events older than `retentionDays` now and then; returns the function that stops it. */
export function scheduleRawEventPurge(store: AnalyticsStore, retentionDays: number, logger: Logger): () => void {
  return repeat(async () => {
    try {
      const removed = await store.purgeRawEvents(new Date(Date.now() - retentionDays * DAY_MS));
      if (removed > 0) logger.info({ removed, retentionDays }, 'purged raw analytics events past retention');
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'raw analytics event purge failed; retrying next hour');
    }
  }, FIRST_PURGE_AFTER_MS, PURGE_EVERY_MS);
}

/** Counts events an interrupted append left out of the rollups (AnalyticsStore.catchUpRollups), every minute. */
export function scheduleRollupCatchUp(store: AnalyticsStore, logger: Logger): () => void {
  return repeat(async () => {
    try {
      const counted = await store.catchUpRollups(CATCH_UP_AFTER_MS);
      if (counted.batches > 0) logger.warn(counted, 'counted analytics events an interrupted append had left out of the rollups');
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'analytics rollup catch-up failed; retrying next minute');
    }
  }, CATCH_UP_EVERY_MS, CATCH_UP_EVERY_MS);
}
