// Rebuilds the Elasticsearch analytics rollups from the raw events (npm run analytics:rebuild with
// ANALYTICS_ENGINE=elasticsearch), one business at a time, with the same result as the embedded
// rebuild (adapters/sqlite/analytics/rebuildRollups.ts): zero-click marks and the per-day journey
// summaries entirely, and the daily counts of the local days whose raw events are all still kept
// (after a retention cut the earlier days keep theirs: nothing else records them).
//
// Elasticsearch has no transaction around a business's documents: events appended for a business
// while its rollups are being rewritten (a few requests) may be counted twice or not at all. Run it
// with ingestion and recording paused (ANALYTICS_RECORDING=false, no POST /v1/analytics/events), or
// run it again afterwards.
import type { Client, estypes } from '@elastic/elasticsearch';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import { firstCompleteDay } from '../../../domain/analytics/firstCompleteDay';
import { createRollupDeltas } from '../../../domain/analytics/rollupDeltas';
import { FOLLOW_WINDOW_MS } from '../../../domain/analytics/zeroClick';
import type { AnalyticsIndices } from './analyticsIndices';
import { eventOfSource, type EventSource } from './eventSource';
import { deleteMatching, scrollAll } from './scroll';
import { sendBulk } from './bulkRequests';
import { dailyDocuments, journeyDayDocuments, type StoredEvent } from './rollupDocuments';
import { passCheckpointAfterRebuild } from './rollupCatchUp';

export interface RebuildProgress {
  businesses: number;
  totalBusinesses: number;
  events: number;
}

const PAGE = 5000;
const FOLLOWERS = new Set(['website_visit', 'conversion']);

async function bulkAll(client: Client, operations: unknown[]): Promise<void> {
  if ((await sendBulk(client, operations)).errors) throw new Error('a rollup bulk request failed part-way; run the rebuild again');
}

async function deleteAll(client: Client, index: string, query: estypes.QueryDslQueryContainer): Promise<void> {
  if (!(await deleteMatching(client, index, query))) throw new Error('a rollup delete failed part-way; run the rebuild again');
}

/** The (environment, business) pairs with raw events, by a composite aggregation. */
async function businessesWithEvents(client: Client, indices: AnalyticsIndices): Promise<Array<[AnalyticsEvent['environment'], string]>> {
  const found: Array<[AnalyticsEvent['environment'], string]> = [];
  let after: Record<string, string> | undefined;
  for (;;) {
    const response = await client.search({
      index: indices.events, size: 0, ignore_unavailable: true, allow_no_indices: true,
      aggs: { pairs: { composite: { size: PAGE, sources: [{ environment: { terms: { field: 'environment' } } }, { business: { terms: { field: 'business_id' } } }], ...(after && { after }) } } },
    });
    const pairs = response.aggregations?.pairs as estypes.AggregationsCompositeAggregate | undefined;
    const buckets = (pairs?.buckets ?? []) as estypes.AggregationsCompositeBucket[];
    for (const bucket of buckets) found.push([bucket.key.environment as AnalyticsEvent['environment'], bucket.key.business as string]);
    if (!pairs?.after_key || buckets.length < PAGE) return found;
    after = pairs.after_key as Record<string, string>;
  }
}

/** The first local day whose daily counts may be counted again (see firstCompleteDay). */
async function completeFrom(client: Client, indices: AnalyticsIndices): Promise<string> {
  const rows = (await client.cat.indices({ index: indices.events, format: 'json', h: ['index'] })) as Array<{ index?: string }>;
  const months = rows.map((row) => (row.index ? indices.monthOf(row.index) : null)).filter((m): m is string => m !== null).sort();
  if (months.length === 0) return firstCompleteDay(null);
  const [year, month] = months[0].split('.').map(Number);
  const oldest = Date.UTC(year, month - 1, 1);
  // Daily counts of a day wholly before the oldest kept month: a retention cut dropped earlier months.
  const before = new Date(oldest - 14 * 3_600_000).toISOString().slice(0, 10);
  const earlier = await client.count({ index: indices.daily, query: { range: { local_date: { lt: before } } } });
  return firstCompleteDay(earlier.count > 0 ? oldest : null);
}

async function rebuildBusiness(client: Client, indices: AnalyticsIndices, environment: string, businessId: string, from: string): Promise<number> {
  const ofBusiness = [{ term: { environment } }, { term: { business_id: businessId } }];
  const stored: Array<StoredEvent & { id: string; wasFollowed: boolean }> = [];
  for await (const hits of scrollAll<EventSource>(client, { index: indices.events, query: { bool: { filter: ofBusiness } } })) {
    for (const hit of hits) {
      const source = hit._source as EventSource;
      stored.push({ index: hit._index, id: hit._id as string, event: eventOfSource(source), ts: source['@timestamp'], wasFollowed: source.followed === true });
    }
  }
  // Zero-click: an impression is followed when a visit or conversion of its journey comes within 30 minutes.
  const followerTimes = new Map<string, number[]>();
  for (const s of stored) if (FOLLOWERS.has(s.event.type) && s.event.journeyId) followerTimes.set(s.event.journeyId, [...(followerTimes.get(s.event.journeyId) ?? []), s.ts]);
  const deltas = createRollupDeltas();
  const marks: unknown[] = [];
  for (const s of stored) {
    const followed = s.event.type === 'impression' && s.event.journeyId !== undefined && (followerTimes.get(s.event.journeyId) ?? []).some((t) => t >= s.ts && t <= s.ts + FOLLOW_WINDOW_MS);
    if (followed !== s.wasFollowed) marks.push({ update: { _index: s.index, _id: s.id } }, { doc: { followed, followed_by: null } });
    if (s.event.localDate >= from) deltas.addEvent(s.event, followed);
  }
  await bulkAll(client, marks);
  await deleteAll(client, indices.journeyDays, { bool: { filter: ofBusiness } });
  // Without a retention cut every day is counted again ('0000-01-01' is no date Elasticsearch parses).
  const days = from === firstCompleteDay(null) ? [] : [{ range: { local_date: { gte: from } } }];
  await deleteAll(client, indices.daily, { bool: { filter: [...ofBusiness, ...days] } });
  await bulkAll(client, [...dailyDocuments(indices, deltas.values()), ...journeyDayDocuments(indices, stored)]);
  return stored.length;
}

export async function rebuildElasticsearchRollups(client: Client, indices: AnalyticsIndices, onProgress?: (progress: RebuildProgress) => void): Promise<RebuildProgress> {
  const started = Date.now();
  await client.indices.refresh({ index: [indices.events, indices.daily, indices.journeyDays], ignore_unavailable: true, allow_no_indices: true });
  const from = await completeFrom(client, indices);
  const pairs = await businessesWithEvents(client, indices);
  const progress: RebuildProgress = { businesses: 0, totalBusinesses: pairs.length, events: 0 };
  onProgress?.({ ...progress });
  for (const [environment, businessId] of pairs) {
    progress.events += await rebuildBusiness(client, indices, environment, businessId, from);
    progress.businesses += 1;
    onProgress?.({ ...progress });
  }
  // The catch-up must not count again what the rebuild just counted.
  await passCheckpointAfterRebuild(client, indices, started);
  await client.indices.refresh({ index: [indices.events, indices.daily, indices.journeyDays], ignore_unavailable: true, allow_no_indices: true });
  return progress;
}
