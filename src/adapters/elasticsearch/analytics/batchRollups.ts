// What one append (a batch) adds to the rollups on Elasticsearch, computed the same way by the
// append itself (appendEvents.ts) and by the catch-up of an append that died before sending them
// (rollupCatchUp.ts):
//   - zero-click marks: the stored impressions of the batch's journeys that its visits and
//     conversions follow within 30 minutes and that were not followed yet, marked `followed` with
//     `followed_by` = the batch (so a catch-up finds the marks a dead append did send);
//   - the daily count deltas of the batch's events (an impression counts as followed when its own
//     batch marked it) plus one `followed` per impression the batch marked;
//   - the per-day journey summaries of the batch's events;
//   - last, the batch's marker: the catch-up skips a batch whose marker is stored.
// Rollup documents carry ids made of the batch and their key (rollupDocuments.ts), so sending them
// twice stores them once.
import type { Client } from '@elastic/elasticsearch';
import { FOLLOW_WINDOW_MS } from '../../../domain/analytics/zeroClick';
import { createRollupDeltas } from '../../../domain/analytics/rollupDeltas';
import type { AnalyticsIndices } from './analyticsIndices';
import { BULK_MAX_BYTES, type BulkAnswer, type BulkEntry, itemStatus, sendRequests, splitBulk } from './bulkRequests';
import { dailyDocuments, journeyDayDocuments, type StoredEvent } from './rollupDocuments';

export const FOLLOWERS = ['website_visit', 'conversion'];

/** One of the batch's stored events, with whether its impression was followed when stored. */
export interface BatchEvent extends StoredEvent {
  id: string;
  followed: boolean;
}

/** A stored impression of an earlier batch that this batch's follow-ups mark. */
export interface MarkedImpression {
  index: string;
  id: string;
  environment: BatchEvent['event']['environment'];
  businessId: string;
  localDate: string;
  platform: string;
}

interface ImpressionSource {
  environment: MarkedImpression['environment'];
  business_id: string;
  local_date: string;
  platform: string;
}

const toMarked = (hit: { _index: string; _id?: string | null; _source?: ImpressionSource }): MarkedImpression => ({
  index: hit._index,
  id: hit._id as string,
  environment: hit._source!.environment,
  businessId: hit._source!.business_id,
  localDate: hit._source!.local_date,
  platform: hit._source!.platform,
});

/** Stored impressions, not followed yet, that the batch's visits and conversions follow up. */
export async function impressionsToMark(client: Client, indices: AnalyticsIndices, events: BatchEvent[]): Promise<MarkedImpression[]> {
  const followers = events.filter((c) => FOLLOWERS.includes(c.event.type) && c.event.journeyId);
  if (followers.length === 0) return [];
  // Impressions written a moment ago must be visible to the search below.
  await client.indices.refresh({ index: indices.events, ignore_unavailable: true, allow_no_indices: true });
  const should = followers.map((f) => ({
    bool: {
      filter: [
        { term: { environment: f.event.environment } },
        { term: { business_id: f.event.businessId } },
        { term: { journey_id: f.event.journeyId } },
        { range: { '@timestamp': { gte: f.ts - FOLLOW_WINDOW_MS, lte: f.ts } } },
      ],
    },
  }));
  const response = await client.search<ImpressionSource>({
    index: indices.events,
    size: 10_000,
    _source: ['environment', 'business_id', 'local_date', 'platform'],
    query: { bool: { filter: [{ term: { type: 'impression' } }, { term: { followed: false } }], should, minimum_should_match: 1 } },
  });
  return response.hits.hits.map(toMarked);
}

/** Impressions of other batches that this batch marked before (an interrupted append's marks). */
export async function impressionsMarkedBy(client: Client, indices: AnalyticsIndices, batch: string): Promise<MarkedImpression[]> {
  const response = await client.search<ImpressionSource>({
    index: indices.events,
    size: 10_000,
    ignore_unavailable: true,
    allow_no_indices: true,
    _source: ['environment', 'business_id', 'local_date', 'platform'],
    query: { bool: { filter: [{ term: { followed_by: batch } }], must_not: [{ term: { batch } }] } },
  });
  return response.hits.hits.map(toMarked);
}

/** The bulk lines of a batch's marks, rollup documents and marker (the marker last). */
export function batchRollupOperations(indices: AnalyticsIndices, batch: string, events: BatchEvent[], marked: MarkedImpression[]): unknown[] {
  const deltas = createRollupDeltas();
  for (const c of events) deltas.addEvent(c.event, c.followed);
  for (const m of marked) deltas.of({ environment: m.environment, businessId: m.businessId, localDate: m.localDate, platform: m.platform, type: 'impression' }).followed += 1;
  return [
    ...marked.flatMap((m) => [{ update: { _index: m.index, _id: m.id } }, { doc: { followed: true, followed_by: batch } }]),
    ...dailyDocuments(indices, deltas.values(), batch),
    ...journeyDayDocuments(indices, events, batch),
    { index: { _index: indices.rollupBatches, _id: batch } },
    { kind: 'batch', at: Date.now() },
  ];
}

/**
 * Sends a batch's rollup lines (batchRollupOperations); false when one was refused. One request
 * when they fit in one; otherwise the marker goes alone after every other line was stored, so a
 * marker never stands for rollups that were not (a 409 on `create` is the same document, stored
 * by a catch-up already).
 */
export async function sendBatchRollups(client: Client, operations: unknown[], refresh: boolean): Promise<boolean> {
  const stored = (answer: BulkAnswer) => answer.items.every((item) => { const status = itemStatus(item); return status < 300 || status === 409; });
  const requests = splitBulk(operations, BULK_MAX_BYTES);
  if (requests.length === 1) return stored(await sendRequests(client, requests, { refresh }));
  const marker = requests[requests.length - 1].pop() as BulkEntry;
  return stored(await sendRequests(client, requests.filter((request) => request.length > 0), { refresh })) && stored(await sendRequests(client, [[marker]], { refresh }));
}

/** Bulk lines taking a batch's rollups back out (an append that fails after sending them). */
export function undoBatchRollupOperations(indices: AnalyticsIndices, operations: unknown[]): unknown[] {
  const undo: unknown[] = [];
  for (const line of operations) {
    const op = line as { create?: { _index: string; _id: string }; update?: { _index: string; _id: string }; index?: { _index: string; _id?: string } };
    if (op.create) undo.push({ delete: op.create });
    else if (op.update) undo.push({ update: op.update }, { doc: { followed: false, followed_by: null } });
    else if (op.index?._id !== undefined && op.index._index === indices.rollupBatches) undo.push({ delete: op.index });
  }
  return undo;
}
