// The rollup documents an append (appendEvents.ts) and a rebuild (rebuildRollups.ts) write: daily
// count deltas into `<prefix>-daily`, and per-day journey summaries into the journey-day index of
// the events' month, so retention drops a month's summaries with its raw events.
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

/** Bulk lines writing each delta as a document (the questions sum them). */
export function dailyDocuments(indices: AnalyticsIndices, deltas: RollupDelta[]): unknown[] {
  return deltas.flatMap((delta) => [
    { index: { _index: indices.daily } },
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
export function journeyDayDocuments(indices: AnalyticsIndices, stored: StoredEvent[]): unknown[] {
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
    { index: { _index: indices.journeyDaysIndexFor(month) } },
    {
      environment: j.environment, business_id: j.businessId, local_date: j.localDate, journey_id: j.journeyId, month,
      stage: j.stage, touchpoints: j.touchpoints, first_ts: j.firstAt, last_ts: j.lastAt,
      ...(j.firstConversionAt !== null && { first_conversion_ts: j.firstConversionAt }), queries: j.queries,
    },
  ]);
}
