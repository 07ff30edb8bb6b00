// The rollup documents an append (appendEvents.ts) and a rebuild (rebuildRollups.ts) write: daily
// count deltas into `<prefix>-daily`, and per-day journey summaries into the journey-day index of
// the events' month, so retention drops a month's summaries with its raw events.
// An append's documents have ids made of its batch id and their key, written with `create`: sent
// twice (the append, then the catch-up of an append thought interrupted), a document is stored once.
// A rebuild's documents replace everything of a business, so they take generated ids.
import { createHash } from 'node:crypto';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import { addToJourneyDay, type JourneyDaySummary } from '../../../domain/analytics/journeyDayDeltas';
import type { RollupDelta } from '../../../domain/analytics/rollupDeltas';
import type { AnalyticsIndices } from './analyticsIndices';

/** A stored event with its month index and its time in epoch ms. */
export interface StoredEvent {
  index: string;
  event: AnalyticsEvent;
  ts: number;
}

/** The id of one of a batch's rollup documents: its batch and key, hashed to a fixed length. */
export function rollupDocumentId(batch: string, key: unknown[]): string {
  return createHash('sha256').update(JSON.stringify([batch, ...key])).digest('base64url');
}

/** The bulk action line of a rollup document: `create` under its id for a batch, `index` for a rebuild. */
function action(index: string, batch: string | undefined, key: unknown[]): unknown {
  return batch === undefined ? { index: { _index: index } } : { create: { _index: index, _id: rollupDocumentId(batch, key) } };
}

/** Bulk lines writing each delta as a document (the questions sum them). */
export function dailyDocuments(indices: AnalyticsIndices, deltas: RollupDelta[], batch?: string): unknown[] {
  return deltas.flatMap((delta) => [
    action(indices.daily, batch, ['daily', delta.environment, delta.businessId, delta.localDate, delta.platform, delta.type]),
    {
      environment: delta.environment,
      business_id: delta.businessId,
      local_date: delta.localDate,
      platform: delta.platform,
      type: delta.type,
      events: delta.events,
      position_sum: delta.positionSum,
      position_count: delta.positionCount,
      followed: delta.followed,
    },
  ]);
}

/** Bulk lines of the events' journey-day summaries, one per journey, local day and month index. */
export function journeyDayDocuments(indices: AnalyticsIndices, stored: StoredEvent[], batch?: string): unknown[] {
  const summaries = new Map<string, { month: string; summary: JourneyDaySummary }>();
  for (const c of stored) {
    const journeyId = c.event.journeyId;
    if (journeyId === undefined) continue;
    const month = indices.monthOf(c.index) as string;
    const key = `${c.event.environment}\u0000${c.event.businessId}\u0000${c.event.localDate}\u0000${journeyId}\u0000${month}`;
    const seen = summaries.get(key);
    summaries.set(key, { month, summary: addToJourneyDay(seen?.summary, { ...c.event, journeyId }, c.ts) });
  }
  return [...summaries.values()].flatMap(({ month, summary: j }) => [
    action(indices.journeyDaysIndexFor(month), batch, ['journey', j.environment, j.businessId, j.localDate, j.journeyId, month]),
    {
      environment: j.environment, business_id: j.businessId, local_date: j.localDate, journey_id: j.journeyId, month,
      stage: j.stage, touchpoints: j.touchpoints, first_ts: j.firstAt, last_ts: j.lastAt,
      ...(j.firstConversionAt !== null && { first_conversion_ts: j.firstConversionAt }), queries: j.queries,
    },
  ]);
}
