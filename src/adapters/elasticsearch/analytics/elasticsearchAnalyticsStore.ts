// AnalyticsStore on Elasticsearch 8: raw events in monthly indices, daily count deltas and per-day
// journey summaries in one index each, every question an aggregation (analyticsIndices.ts says
// why not a data stream + ILM).
// Retention on this engine is counted in whole months: purgeRawEvents drops the months that end
// before the cut-off (so raw events live up to a month longer than ANALYTICS_RAW_RETENTION_DAYS).
import { Client } from '@elastic/elasticsearch';
import { checkAnalyticsEvents } from '../../../domain/analytics/checkEvents';
import { UnavailableError } from '../../../domain/errors';
import type { Logger } from '../../../logger';
import type { AnalyticsStore } from '../../../ports/analyticsStore';
import { translateError } from '../translateError';
import { analyticsIndices, ensureAnalyticsIndices } from './analyticsIndices';
import { type AppendWriter, createInlineAppendWriter, createThreadAppendWriter } from './appendWriter';
import { rebuildElasticsearchRollups, type RebuildProgress } from './rebuildRollups';
import { forgetKeysOfMonth } from './keyClaims';
import { catchUpRollups } from './rollupCatchUp';
import { createBusinessTotals } from './businessTotals';
import { createConvertedJourneys } from './convertedJourneys';
import { createRevenue } from './revenue';
import { createJourneys } from './journeys';
import { createVisibility } from './visibility';

export interface ElasticsearchAnalyticsStoreOptions {
  node: string;
  /** Names: `<prefix>-events-YYYY.MM`, `<prefix>-daily` (default `analytics`). */
  prefix?: string;
  /** Make every write searchable before append resolves (tests); production relies on the 1 s refresh. */
  refreshOnAppend?: boolean;
  logger?: Logger;
  requestTimeoutMs?: number;
  /** Send appends from a thread of their own (default; appendWriter.ts says why). */
  appendOnThread?: boolean;
}

export interface ElasticsearchAnalyticsStore extends AnalyticsStore {
  /** The client and index names, for the benchmark's raw floor and tests' clean-up. */
  readonly client: Client;
  readonly indices: ReturnType<typeof analyticsIndices>;
  /** Counts the rollups again from the raw events (npm run analytics:rebuild; rebuildRollups.ts). */
  rebuildRollups(onProgress?: (progress: RebuildProgress) => void): Promise<RebuildProgress>;
}

export function createElasticsearchAnalyticsStore(options: ElasticsearchAnalyticsStoreOptions): ElasticsearchAnalyticsStore {
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  const client = new Client({ node: options.node, requestTimeout: requestTimeoutMs });
  const prefix = options.prefix ?? 'analytics';
  const indices = analyticsIndices(prefix);
  let ready: Promise<void> | undefined;
  let closed = false;

  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    if (closed) throw new UnavailableError('The analytics store is closed');
    ready ??= ensureAnalyticsIndices(client, indices).catch((error) => {
      ready = undefined;
      throw error;
    });
    try {
      await ready;
      return await work();
    } catch (error) {
      const translated = translateError(error);
      // An append thread's error comes translated already, the engine's words as its cause.
      if (translated instanceof UnavailableError) options.logger?.error({ err: error }, 'elasticsearch analytics request failed');
      throw translated;
    }
  };
  const wrap = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => (...args: A) => guard(() => fn(...args));
  const refresh = options.refreshOnAppend ?? false;
  const writer: AppendWriter = options.appendOnThread === false
    ? createInlineAppendWriter(client, indices, { refresh })
    : createThreadAppendWriter({ node: options.node, prefix, refresh, requestTimeoutMs });

  return {
    client,
    indices,
    async append(events) {
      checkAnalyticsEvents(events);
      if (events.length === 0) return { accepted: 0, duplicates: 0 };
      return guard(() => writer.append(events));
    },
    catchUpRollups: (olderThanMs) => guard(() => catchUpRollups(client, indices, olderThanMs)),
    rebuildRollups: (onProgress) => guard(() => rebuildElasticsearchRollups(client, indices, onProgress)),
    visibility: wrap(createVisibility(client, indices)),
    journeys: wrap(createJourneys(client, indices)),
    convertedJourneys: wrap(createConvertedJourneys(client, indices)),
    revenue: wrap(createRevenue(client, indices)),
    businessTotals: wrap(createBusinessTotals(client, indices)),
    purgeRawEvents: (before) =>
      guard(async () => {
        const rows = await client.cat.indices({ index: indices.events, format: 'json', h: ['index', 'docs.count'] });
        let removed = 0;
        for (const row of rows as Array<{ index?: string; 'docs.count'?: string }>) {
          const month = row.index ? indices.monthOf(row.index) : null;
          if (!month) continue;
          const [year, monthNumber] = month.split('.').map(Number);
          const monthEnd = Date.UTC(year, monthNumber, 1);
          if (monthEnd > before.getTime()) continue;
          // The month's journey-day summaries first: a failure here leaves the month to retry next time.
          await client.indices.delete({ index: indices.journeyDaysIndexFor(month) }, { ignore: [404] });
          await client.indices.delete({ index: row.index as string });
          // Then their keys, as the embedded store forgets a purged event's key with its row.
          await forgetKeysOfMonth(client, indices, month);
          removed += Number(row['docs.count'] ?? 0);
        }
        return removed;
      }),
    ping: () =>
      guard(async () => {
        await client.cluster.health({ index: indices.daily, wait_for_status: 'yellow', timeout: '5s' });
      }),
    async close() {
      if (closed) return;
      closed = true;
      await writer.close();
      await client.close();
    },
  };
}
