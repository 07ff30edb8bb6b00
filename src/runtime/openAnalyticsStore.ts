// Chooses the AnalyticsStore adapter and keeps raw events within their retention period.
// Embedded: SQLite in DATA_DIR/analytics.db, a file of its own so event writes never contend
// with profile writes in store.db. Elasticsearch (config.analyticsEngine) with ELASTICSEARCH_URL.
import { join } from 'node:path';
import { createElasticsearchAnalyticsStore } from '../adapters/elasticsearch/analytics/elasticsearchAnalyticsStore';
import { createSqliteAnalyticsStore } from '../adapters/sqlite/analytics/sqliteAnalyticsStore';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { AnalyticsStore } from '../ports/analyticsStore';

type AnalyticsConfig = Pick<Config, 'dataDir' | 'analyticsEngine' | 'elasticsearchUrl'>;

export async function openAnalyticsStore(config: AnalyticsConfig, logger: Logger): Promise<AnalyticsStore> {
  const store =
    config.analyticsEngine === 'elasticsearch' && config.elasticsearchUrl
      ? createElasticsearchAnalyticsStore({ node: config.elasticsearchUrl, logger: logger.child({ component: 'analytics' }) })
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

/** Purges raw events older than `retentionDays` now and then; returns the function that stops it. */
export function scheduleRawEventPurge(store: AnalyticsStore, retentionDays: number, logger: Logger): () => void {
  let running = false;
  const purge = async () => {
    if (running) return;
    running = true;
    try {
      const removed = await store.purgeRawEvents(new Date(Date.now() - retentionDays * DAY_MS));
      if (removed > 0) logger.info({ removed, retentionDays }, 'purged raw analytics events past retention');
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'raw analytics event purge failed; retrying next hour');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(purge, FIRST_PURGE_AFTER_MS);
  const every = setInterval(purge, PURGE_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
