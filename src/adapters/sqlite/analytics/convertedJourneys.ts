// convertedJourneys(): the journeys of the period that converted, with the events before their
// first conversion in time order (ties in insertion order), for attribution. Which journeys
// converted, and when first, comes from the per-day journey summaries; only those journeys'
// raw events are read (a few per cent of journeys), through the business index.
import type { AnalyticsQuestions, ConvertedJourney, TouchpointType } from '../../../ports/analyticsStore';
import type { SqliteDatabase } from '../openDatabase';

export function createConvertedJourneys(db: SqliteDatabase): AnalyticsQuestions['convertedJourneys'] {
  const statement = db.prepare(`WITH converted AS (
      SELECT journey_id, MIN(first_conversion_ts) AS at FROM analytics_journey_days
      WHERE environment = @environment AND business_id = @businessId AND local_date BETWEEN @from AND @to
        AND first_conversion_ts IS NOT NULL
      GROUP BY journey_id
    )
    -- CROSS JOIN keeps the few converted journeys outside, so each one's events are an index seek.
    SELECT e.journey_id, e.type, e.platform FROM converted c CROSS JOIN analytics_events e ON e.journey_id = c.journey_id
    WHERE e.environment = @environment AND e.business_id = @businessId AND e.local_date BETWEEN @from AND @to
      AND e.type <> 'conversion' AND e.ts <= c.at
    ORDER BY e.journey_id, e.ts, e.seq`);

  return async ({ environment, businessId, from, to }) => {
    // Not a conversion (the WHERE) and in a journey (crawls have none): a touchpoint type.
    const rows = statement.all({ environment, businessId, from, to }) as Array<{ journey_id: string; type: TouchpointType; platform: string }>;
    const journeys: ConvertedJourney[] = [];
    for (const row of rows) {
      const last = journeys[journeys.length - 1];
      const touchpoint = { type: row.type, platform: row.platform };
      if (last && last.journeyId === row.journey_id) last.touchpoints.push(touchpoint);
      else journeys.push({ journeyId: row.journey_id, touchpoints: [touchpoint] });
    }
    return journeys;
  };
}
