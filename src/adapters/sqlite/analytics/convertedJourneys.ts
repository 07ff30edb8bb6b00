// convertedJourneys(): the journeys of the period that converted, with the events before their
// first conversion in time order (ties in insertion order), for attribution.
import type { AnalyticsQuestions, ConvertedJourney } from '../../../ports/analyticsStore';
import type { SqliteDatabase } from '../openDatabase';

export function createConvertedJourneys(db: SqliteDatabase): AnalyticsQuestions['convertedJourneys'] {
  const statement = db.prepare(`WITH converted AS (
      SELECT journey_id, MIN(ts) AS at FROM analytics_events
      WHERE environment = @environment AND business_id = @businessId AND local_date BETWEEN @from AND @to
        AND type = 'conversion' AND journey_id IS NOT NULL
      GROUP BY journey_id
    )
    SELECT e.journey_id, e.type, e.platform FROM analytics_events e JOIN converted c ON c.journey_id = e.journey_id
    WHERE e.environment = @environment AND e.business_id = @businessId AND e.local_date BETWEEN @from AND @to
      AND e.type <> 'conversion' AND e.ts <= c.at
    ORDER BY e.journey_id, e.ts, e.seq`);

  return async ({ environment, businessId, from, to }) => {
    const rows = statement.all({ environment, businessId, from, to }) as Array<{ journey_id: string; type: string; platform: string }>;
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
