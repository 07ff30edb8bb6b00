// append(): one IMMEDIATE transaction per call that inserts the new events, marks impressions a
// visit or conversion followed within 30 minutes (so zeroClick is a rollup subtraction, not a
// raw scan), and adds the batch to the daily rollups, the per-day journey summaries and the peer
// totals, grouped in memory first so a batch of 10 000 impressions touches each rollup row once.
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import { createJourneyDayDeltas } from '../../../domain/analytics/journeyDayDeltas';
import { addBatchToPeerTotals, createPeerTotalDeltas } from '../../../domain/analytics/peerTotalDeltas';
import { createRollupDeltas } from '../../../domain/analytics/rollupDeltas';
import { FOLLOW_WINDOW_MS } from '../../../domain/analytics/zeroClick';
import type { AppendResult } from '../../../ports/analyticsStore';
import type { SqliteDatabase } from '../openDatabase';
import { createPeerTotalsUpkeep } from './peerTotalsUpkeep';

export type AppendEvents = (events: readonly AnalyticsEvent[]) => AppendResult;

export function createAppendEvents(db: SqliteDatabase): AppendEvents {
  const insert = db.prepare(`INSERT OR IGNORE INTO analytics_events
    (environment, reporter, event_id, type, business_id, ts, local_date, platform, journey_id, query, surface, position, value, currency, followed, crawl_purpose)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // An impression arriving after the visit that followed it (ingested late) is followed already.
  const followerExists = db.prepare(`SELECT 1 FROM analytics_events
    WHERE environment = ? AND business_id = ? AND journey_id = ? AND ts BETWEEN ? AND ? AND type IN ('website_visit', 'conversion') LIMIT 1`).pluck();
  const markFollowed = db.prepare(`UPDATE analytics_events SET followed = 1
    WHERE environment = ? AND business_id = ? AND journey_id = ? AND ts BETWEEN ? AND ? AND type = 'impression' AND followed = 0
    RETURNING local_date, platform`);
  const upsertRollup = db.prepare(`INSERT INTO analytics_daily
    (environment, business_id, local_date, platform, type, events, position_sum, position_count, followed)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (environment, business_id, local_date, platform, type) DO UPDATE SET
      events = events + excluded.events,
      position_sum = position_sum + excluded.position_sum,
      position_count = position_count + excluded.position_count,
      followed = followed + excluded.followed`);
  // A stored day of a journey merges with the batch's: furthest stage, sums, earliest and latest,
  // first conversion, union of queries (JSON arrays; the union only when they differ).
  const upsertJourneyDay = db.prepare(`INSERT INTO analytics_journey_days
    (environment, business_id, local_date, journey_id, stage, touchpoints, first_ts, last_ts, first_conversion_ts, queries)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (environment, business_id, local_date, journey_id) DO UPDATE SET
      stage = MAX(stage, excluded.stage),
      touchpoints = touchpoints + excluded.touchpoints,
      first_ts = MIN(first_ts, excluded.first_ts),
      last_ts = MAX(last_ts, excluded.last_ts),
      first_conversion_ts = COALESCE(MIN(first_conversion_ts, excluded.first_conversion_ts), first_conversion_ts, excluded.first_conversion_ts),
      queries = CASE
        WHEN excluded.queries = '[]' OR excluded.queries = queries THEN queries
        WHEN queries = '[]' THEN excluded.queries
        ELSE (SELECT json_group_array(value) FROM (SELECT value FROM json_each(queries) UNION SELECT value FROM json_each(excluded.queries)))
      END`);

  const peerTotals = createPeerTotalsUpkeep(db);

  const write = db.transaction((events: readonly AnalyticsEvent[]): AppendResult => {
    const deltas = createRollupDeltas();
    const journeyDays = createJourneyDayDeltas();
    let accepted = 0;
    for (const event of events) {
      const ts = Date.parse(event.timestamp);
      const journeyId = event.journeyId ?? null;
      const followed = event.type === 'impression' && journeyId !== null
        && followerExists.get(event.environment, event.businessId, journeyId, ts, ts + FOLLOW_WINDOW_MS) !== undefined ? 1 : 0;
      // Positional parameters: binding an object by name costs more per row at 50 000 rows/s.
      const result = insert.run(
        event.environment, event.reporter ?? '', event.eventId, event.type, event.businessId, ts, event.localDate, event.platform,
        journeyId, event.query ?? null, event.surface, event.position ?? null, event.value ?? null, event.currency ?? null, followed,
        event.crawlPurpose ?? null,
      );
      if (result.changes === 0) continue;
      accepted += 1;
      deltas.addEvent(event, followed === 1);
      journeyDays.addEvent(event, ts);
      if ((event.type === 'website_visit' || event.type === 'conversion') && journeyId !== null) {
        const rows = markFollowed.all(event.environment, event.businessId, journeyId, ts - FOLLOW_WINDOW_MS, ts) as Array<{ local_date: string; platform: string }>;
        for (const row of rows) {
          deltas.of({ environment: event.environment, businessId: event.businessId, localDate: row.local_date, platform: row.platform, type: 'impression' }).followed += 1;
        }
      }
    }
    const rollups = deltas.values();
    for (const d of rollups) upsertRollup.run(d.environment, d.businessId, d.localDate, d.platform, d.type, d.events, d.positionSum, d.positionCount, d.followed);
    // Peer totals before the journey days: they compare each touched journey's stored days with the batch's.
    const peer = createPeerTotalDeltas();
    const days = journeyDays.values();
    addBatchToPeerTotals(peer, rollups, days.map((day) => ({ ...day, owner: '' })), peerTotals.storedDays);
    peerTotals.write(peer);
    for (const day of days) {
      upsertJourneyDay.run(day.environment, day.businessId, day.localDate, day.journeyId, day.stage, day.touchpoints, day.firstAt, day.lastAt, day.firstConversionAt, JSON.stringify(day.queries));
    }
    return { accepted, duplicates: events.length - accepted };
  });

  return (events) => write.immediate(events);
}
