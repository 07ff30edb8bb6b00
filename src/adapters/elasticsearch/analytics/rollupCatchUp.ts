// The rollup catch-up on Elasticsearch: an append that died after storing its events and
// before sending their rollups (appendEvents.ts, between steps 2 and 3) leaves events that no
// answer counts. This job, run every minute by each API instance (runtime/openAnalyticsStore.ts):
//   1. reads its checkpoint (`seq` of `<prefix>-rollup-batches/checkpoint`): every batch with
//      events up to it has its rollups;
//   2. lists the batches of the events stored after it and at least `olderThanMs` ago (an append
//      still running is younger: it sends its rollups itself, or takes its events back);
//   3. for each one without a marker, reads its events and the marks it sent, sends its rollups
//      as the append would have (batchRollups.ts), and its marker;
//   4. moves the checkpoint (compare-and-set on the document's sequence number: two instances
//      never move it back) and deletes the markers it passed.
// Idempotent: a batch's rollup documents have ids of their own, so counting a batch twice (two
// instances at once, a crash after step 3) stores them once. Events stored before batches were
// named (no `batch` field) are left to `npm run analytics:rebuild`.
import type { Client, estypes } from '@elastic/elasticsearch';
import type { AnalyticsIndices } from './analyticsIndices';
import { type BatchEvent, batchRollupOperations, impressionsMarkedBy, impressionsToMark, sendBatchRollups } from './batchRollups';
import { sendBulk } from './bulkRequests';
import { eventOfSource, type EventSource } from './eventSource';
import { deleteMatching, scrollAll } from './scroll';

export interface RollupCatchUp {
  /** Batches found without their rollups, and their events, now counted. */
  batches: number;
  events: number;
}

const CHECKPOINT = 'checkpoint';
const PAGE = 1000;

interface Checkpoint {
  seq: number;
  /** For the compare-and-set; absent when no checkpoint was written yet. */
  version?: { if_seq_no: number; if_primary_term: number };
}

async function readCheckpoint(client: Client, indices: AnalyticsIndices): Promise<Checkpoint> {
  const found = await client.get<{ seq: number }>({ index: indices.rollupBatches, id: CHECKPOINT }, { ignore: [404] });
  if (!found.found || found._source === undefined) return { seq: 0 };
  return { seq: found._source.seq, version: { if_seq_no: found._seq_no as number, if_primary_term: found._primary_term as number } };
}

/** Moves the checkpoint from `from` (as read) to `seq`; false when another instance moved it first. */
async function writeCheckpoint(client: Client, indices: AnalyticsIndices, seq: number, from: Checkpoint): Promise<boolean> {
  const document = { kind: 'checkpoint', seq, at: Date.now() };
  try {
    if (from.version) await client.index({ index: indices.rollupBatches, id: CHECKPOINT, document, refresh: true, ...from.version });
    else await client.create({ index: indices.rollupBatches, id: CHECKPOINT, document, refresh: true });
    return true;
  } catch (error) {
    if ((error as { meta?: { statusCode?: number } }).meta?.statusCode === 409) return false;
    throw error;
  }
}

/** The batches with events stored in (after, upTo], page by page (a composite aggregation). */
async function* batchesBetween(client: Client, indices: AnalyticsIndices, after: number, upTo: number): AsyncGenerator<string[]> {
  let afterKey: Record<string, string> | undefined;
  for (;;) {
    const response = await client.search({
      index: indices.events,
      size: 0,
      ignore_unavailable: true,
      allow_no_indices: true,
      query: { range: { seq: { gt: after, lte: upTo } } },
      aggs: { batches: { composite: { size: PAGE, sources: [{ batch: { terms: { field: 'batch' } } }], ...(afterKey && { after: afterKey }) } } },
    });
    const found = response.aggregations?.batches as estypes.AggregationsCompositeAggregate | undefined;
    const buckets = (found?.buckets ?? []) as estypes.AggregationsCompositeBucket[];
    if (buckets.length > 0) yield buckets.map((bucket) => bucket.key.batch as string);
    if (!found?.after_key || buckets.length < PAGE) return;
    afterKey = found.after_key as Record<string, string>;
  }
}

/** A batch's stored events, whether their impression was followed on arrival (by the batch itself). */
async function eventsOfBatch(client: Client, indices: AnalyticsIndices, batch: string): Promise<BatchEvent[]> {
  const events: BatchEvent[] = [];
  for await (const hits of scrollAll<EventSource>(client, { index: indices.events, query: { term: { batch } } })) {
    for (const hit of hits) {
      const source = hit._source as EventSource;
      events.push({ index: hit._index, id: hit._id as string, event: eventOfSource(source), ts: source['@timestamp'], followed: source.followed_by === batch });
    }
  }
  return events;
}

/** Sends the rollups of a batch that has none (or only some): the same documents its append would have. */
async function countBatch(client: Client, indices: AnalyticsIndices, batch: string): Promise<number> {
  const events = await eventsOfBatch(client, indices, batch);
  if (events.length === 0) return 0;
  // The marks it would have sent, then those it (or another catch-up meanwhile) sent: in this order
  // an impression another instance marks in between is found by one search or the other.
  const toMark = await impressionsToMark(client, indices, events);
  const sent = await impressionsMarkedBy(client, indices, batch);
  const marked = [...new Map([...toMark, ...sent].map((m) => [m.id, m])).values()];
  if (!(await sendBatchRollups(client, batchRollupOperations(indices, batch, events, marked), true))) throw new Error(`the rollups of batch ${batch} could not be stored; the next catch-up tries again`);
  return events.length;
}

/**
 * After a rebuild (which counted every event stored before `countedBefore`): the checkpoint moves
 * there, never back, and the markers before it are deleted.
 */
export async function passCheckpointAfterRebuild(client: Client, indices: AnalyticsIndices, countedBefore: number): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const checkpoint = await readCheckpoint(client, indices);
    if (checkpoint.seq >= countedBefore * 1000) break;
    if (await writeCheckpoint(client, indices, countedBefore * 1000, checkpoint)) break;
  }
  await deleteMatching(client, indices.rollupBatches, { bool: { filter: [{ term: { kind: 'batch' } }, { range: { at: { lt: countedBefore } } }] } });
}

export async function catchUpRollups(client: Client, indices: AnalyticsIndices, olderThanMs: number, now: () => number = Date.now): Promise<RollupCatchUp> {
  const checkpoint = await readCheckpoint(client, indices);
  const upTo = (now() - olderThanMs) * 1000 + 999;
  if (upTo <= checkpoint.seq) return { batches: 0, events: 0 };
  await client.indices.refresh({ index: [indices.events, indices.rollupBatches], ignore_unavailable: true, allow_no_indices: true });
  const result: RollupCatchUp = { batches: 0, events: 0 };
  const passed: string[] = [];
  for await (const batches of batchesBetween(client, indices, checkpoint.seq, upTo)) {
    const markers = await client.mget({ index: indices.rollupBatches, ids: batches, _source: false });
    for (const doc of markers.docs) {
      passed.push(doc._id);
      if ('found' in doc && doc.found) continue;
      const counted = await countBatch(client, indices, doc._id);
      if (counted > 0) {
        result.batches += 1;
        result.events += counted;
      }
    }
  }
  if (await writeCheckpoint(client, indices, upTo, checkpoint)) {
    await sendBulk(client, passed.map((id) => ({ delete: { _index: indices.rollupBatches, _id: id } })));
  }
  return result;
}
