// append() on Elasticsearch, which has no multi-document transactions:
//   1. each event's key is claimed in the key index (`create`, real time, whatever month the event
//      names): a key already held is a duplicate when its event is stored (keyClaims below);
//   2. bulk `create` of the events under their key ids in their month's index (a 409 there is an
//      event stored before the key index existed: a duplicate too); anything else fails the batch;
//   3. for the accepted ones, the zero-click upkeep (impressions a visit or conversion followed
//      within 30 minutes) and one bulk of daily count deltas and per-day journey summary deltas
//      (one per journey, local day and raw month, so retention can drop a month's with its events);
//   4. when a step fails part-way, the keys and events this call created are deleted again before
//      the error is thrown, so the call stores all or nothing (as the port asks).
// Calls are serialised per store so two batches cannot both miss each other's follow-ups.
import type { Client, estypes } from '@elastic/elasticsearch';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import { STAGE_RANK_OF_TYPE } from '../../../domain/analytics/journeyStage';
import { createRollupDeltas } from '../../../domain/analytics/rollupDeltas';
import { FOLLOW_WINDOW_MS } from '../../../domain/analytics/zeroClick';
import { UnavailableError } from '../../../domain/errors';
import type { AppendResult } from '../../../ports/analyticsStore';
import { type AnalyticsIndices, eventDocumentId } from './analyticsIndices';
import { createKeyClaims } from './keyClaims';
import { dailyDocuments, journeyDayDocuments } from './rollupDocuments';

interface Created {
  index: string;
  id: string;
  event: AnalyticsEvent;
  ts: number;
  followed: boolean;
}

const FOLLOWERS = ['website_visit', 'conversion'];

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

  /** Impressions of stored journeys that the batch's visits and conversions follow up. */
  async function markFollowedImpressions(created: Created[], deltas: ReturnType<typeof createRollupDeltas>): Promise<estypes.BulkOperationContainer[] | unknown[]> {
    const followers = created.filter((c) => FOLLOWERS.includes(c.event.type) && c.event.journeyId);
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
    const response = await client.search({
      index: indices.events,
      size: 10_000,
      _source: ['environment', 'business_id', 'local_date', 'platform'],
      query: { bool: { filter: [{ term: { type: 'impression' } }, { term: { followed: false } }], should, minimum_should_match: 1 } },
    });
    const updates: unknown[] = [];
    for (const hit of response.hits.hits) {
      const doc = hit._source as { environment: AnalyticsEvent['environment']; business_id: string; local_date: string; platform: string };
      deltas.of({ environment: doc.environment, businessId: doc.business_id, localDate: doc.local_date, platform: doc.platform, type: 'impression' }).followed += 1;
      updates.push({ update: { _index: hit._index, _id: hit._id } }, { doc: { followed: true } });
    }
    return updates;
  }

  const keyClaims = createKeyClaims(client, indices, options);

  async function undo(created: Created[]): Promise<void> {
    if (created.length === 0) return;
    await client.bulk({ operations: created.map((c) => ({ delete: { _index: c.index, _id: c.id } })), refresh: options.refresh }).catch(() => undefined);
  }

  async function write(events: AnalyticsEvent[]): Promise<AppendResult> {
    const followUps = await followerTimes(events);
    const ids = new Set<string>();
    const candidates: Created[] = [];
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
    const response = fresh.length === 0 ? { items: [] } : await client.bulk({
      refresh: options.refresh,
      operations: fresh.flatMap((c) => [
        { create: { _index: c.index, _id: c.id } },
        {
          '@timestamp': c.ts,
          seq: Date.now() * 1000 + (sequence++ % 1000),
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
          followed: c.followed,
        },
      ]),
    });
    const created: Created[] = [];
    let failed = false;
    response.items.forEach((item, i) => {
      const status = item.create?.status ?? 500;
      if (status === 201) created.push(fresh[i]);
      else if (status !== 409) failed = true;
    });
    if (failed) {
      await undo(created);
      await claim.release();
      throw new UnavailableError('The analytics store could not store the batch');
    }
    try {
      const deltas = createRollupDeltas();
      for (const c of created) deltas.addEvent(c.event, c.followed);
      const updates = await markFollowedImpressions(created, deltas);
      const operations = [...updates, ...dailyDocuments(indices, deltas.values()), ...journeyDayDocuments(indices, created)];
      if (operations.length > 0) {
        const second = await client.bulk({ refresh: options.refresh || created.some((c) => FOLLOWERS.includes(c.event.type)), operations });
        if (second.errors) throw new UnavailableError('The analytics store could not store the batch');
      }
    } catch (error) {
      await undo(created);
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
