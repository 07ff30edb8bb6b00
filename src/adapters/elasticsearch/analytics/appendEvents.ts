// append() on Elasticsearch, which has no multi-document transactions:
//   1. each event's key is claimed in the key index (`create`, real time, whatever month the event
//      names): a key already held is a duplicate when its event is stored (keyClaims below);
//   2. bulk `create` of the events under their key ids in their month's index, each naming the
//      append's batch id (a 409 there is an event stored before the key index existed: a duplicate
//      too); anything else fails the batch;
//   3. for the accepted ones, one bulk of the batch's rollups (batchRollups.ts: zero-click marks,
//      daily count deltas, per-day journey summaries, the batch's marker last);
//   4. when a step fails part-way, what this call wrote is taken back before the error is thrown,
//      so the call stores all or nothing (as the port asks).
// A process that dies between 2 and 3 leaves events without rollups: the rollup catch-up
// (rollupCatchUp.ts) finds their batch by its missing marker and sends its rollups.
// Calls are serialised per store so two batches cannot both miss each other's follow-ups.
import { randomUUID } from 'node:crypto';
import type { Client } from '@elastic/elasticsearch';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import { STAGE_RANK_OF_TYPE } from '../../../domain/analytics/journeyStage';
import { FOLLOW_WINDOW_MS } from '../../../domain/analytics/zeroClick';
import { UnavailableError } from '../../../domain/errors';
import type { AppendResult } from '../../../ports/analyticsStore';
import { type AnalyticsIndices, eventDocumentId } from './analyticsIndices';
import { type BatchEvent, batchRollupOperations, FOLLOWERS, impressionsToMark, sendBatchRollups, undoBatchRollupOperations } from './batchRollups';
import { itemStatus, sendBulk } from './bulkRequests';
import { createKeyClaims } from './keyClaims';


export function createAppendEvents(client: Client, indices: AnalyticsIndices, options: { refresh: boolean }) {
  let sequence = 0;
  let queue: Promise<unknown> = Promise.resolve();

  /** Visits and conversions of the batch's journeys, to mark impressions stored after them. */
  async function followerTimes(events: AnalyticsEvent[]): Promise<Map<string, number[]>> {
    const journeys = [...new Set(events.filter((e) => e.type === 'impression' && e.journeyId).map((e) => `${e.environment}\u0000${e.businessId}\u0000${e.journeyId}`))];
    const times = new Map<string, number[]>();
    if (journeys.length === 0) return times;
    const response = await client.search({
      index: indices.events,
      ignore_unavailable: true,
      allow_no_indices: true,
      size: 10_000,
      _source: ['environment', 'business_id', 'journey_id', '@timestamp'],
      query: {
        bool: {
          filter: [
            { terms: { type: FOLLOWERS } },
            { terms: { journey_id: [...new Set(events.map((e) => e.journeyId).filter(Boolean))] as string[] } },
          ],
        },
      },
    });
    for (const hit of response.hits.hits) {
      const doc = hit._source as { environment: string; business_id: string; journey_id: string; '@timestamp': number };
      const key = `${doc.environment}\u0000${doc.business_id}\u0000${doc.journey_id}`;
      times.set(key, [...(times.get(key) ?? []), doc['@timestamp']]);
    }
    return times;
  }

  const keyClaims = createKeyClaims(client, indices, options);

  async function undo(created: BatchEvent[], rollups: unknown[] = []): Promise<void> {
    const operations = [...undoBatchRollupOperations(indices, rollups), ...created.map((c) => ({ delete: { _index: c.index, _id: c.id } }))];
    if (operations.length === 0) return;
    await sendBulk(client, operations, { refresh: options.refresh }).catch(() => undefined);
  }

  async function write(events: AnalyticsEvent[]): Promise<AppendResult> {
    const batch = randomUUID();
    const followUps = await followerTimes(events);
    const ids = new Set<string>();
    const candidates: BatchEvent[] = [];
    for (const event of events) {
      const id = eventDocumentId(event.environment, event.reporter ?? '', event.eventId);
      // A key repeated inside the batch: its first event is the one stored.
      if (ids.has(id)) continue;
      ids.add(id);
      const ts = Date.parse(event.timestamp);
      const times = event.type === 'impression' && event.journeyId ? followUps.get(`${event.environment}\u0000${event.businessId}\u0000${event.journeyId}`) : undefined;
      const followed = (times ?? []).some((t) => t >= ts && t <= ts + FOLLOW_WINDOW_MS);
      candidates.push({ index: indices.eventIndexFor(ts), id, event, ts, followed });
    }
    const claim = await keyClaims.claim(candidates);
    const fresh = claim.passed;
    // One millisecond for the whole batch, so the catch-up's windows never split a batch.
    const seqBase = Date.now() * 1000;
    const lines = fresh.flatMap((c) => [
      { create: { _index: c.index, _id: c.id } },
      {
        '@timestamp': c.ts,
        seq: seqBase + (sequence++ % 1000),
        environment: c.event.environment,
        reporter: c.event.reporter ?? '',
        event_id: c.event.eventId,
        type: c.event.type,
        stage_rank: STAGE_RANK_OF_TYPE[c.event.type],
        business_id: c.event.businessId,
        local_date: c.event.localDate,
        platform: c.event.platform,
        journey_id: c.event.journeyId,
        query: c.event.query,
        surface: c.event.surface,
        position: c.event.position,
        value: c.event.value,
        currency: c.event.currency,
        crawl_purpose: c.event.crawlPurpose,
        followed: c.followed,
        batch,
        ...(c.followed && { followed_by: batch }),
      },
    ]);
    // A request that throws leaves the others' events stored, their keys held: left as they are (a
    // 409 among them may be an event stored before the key index, not ours to delete), the catch-up
    // counts them, a retry finds them duplicates and stores the rest.
    const response = await sendBulk(client, lines, { refresh: options.refresh });
    const created: BatchEvent[] = [];
    let failed = false;
    for (const [i, item] of response.items.entries()) {
      const status = itemStatus(item);
      if (status === 201) created.push(fresh[i]);
      else if (status !== 409) failed = true;
    }
    if (failed) {
      await undo(created);
      await claim.release();
      throw new UnavailableError('The analytics store could not store the batch');
    }
    if (created.length === 0) return { accepted: 0, duplicates: events.length };
    let rollups: unknown[] = [];
    try {
      rollups = batchRollupOperations(indices, batch, created, await impressionsToMark(client, indices, created));
      if (!(await sendBatchRollups(client, rollups, options.refresh || created.some((c) => FOLLOWERS.includes(c.event.type))))) {
        throw new UnavailableError('The analytics store could not store the batch');
      }
    } catch (error) {
      await undo(created, rollups);
      await claim.release();
      throw error;
    }
    return { accepted: created.length, duplicates: events.length - created.length };
  }

  return (events: AnalyticsEvent[]): Promise<AppendResult> => {
    const run = queue.then(() => write(events));
    queue = run.catch(() => undefined);
    return run;
  };
}
