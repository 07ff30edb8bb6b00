// convertedJourneys(): the journeys of the period that converted, with the events before their
// first conversion in time order (ties in insertion order), for attribution, and the values their
// conversions carried. Which journeys converted, and when first, comes from the per-day journey
// summaries; only those journeys' raw events are read (a few per cent of journeys), through the
// business index.
import { addRevenue, revenueList, type RevenueTotals } from '../../../domain/analytics/revenue';
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
    SELECT e.journey_id, e.type, e.platform, e.value, e.currency FROM converted c CROSS JOIN analytics_events e ON e.journey_id = c.journey_id
    WHERE e.environment = @environment AND e.business_id = @businessId AND e.local_date BETWEEN @from AND @to
      AND ((e.type <> 'conversion' AND e.ts <= c.at) OR (e.type = 'conversion' AND e.value IS NOT NULL))
    ORDER BY e.journey_id, e.ts, e.seq`);

  return async ({ environment, businessId, from, to }) => {
    // In a journey (crawls have none): a conversion or a touchpoint type.
    const rows = statement.all({ environment, businessId, from, to }) as Array<{ journey_id: string; type: TouchpointType | 'conversion'; platform: string; value: number | null; currency: string | null }>;
    const journeys: Array<ConvertedJourney & { totals: RevenueTotals }> = [];
    for (const row of rows) {
      let journey = journeys.at(-1);
      if (!journey || journey.journeyId !== row.journey_id) journeys.push((journey = { journeyId: row.journey_id, touchpoints: [], revenue: [], totals: new Map() }));
      if (row.type === 'conversion') addRevenue(journey.totals, row.currency!, row.value!);
      else journey.touchpoints.push({ type: row.type, platform: row.platform });
    }
    // A conversion with nothing before it has nothing to credit.
    return journeys.filter((journey) => journey.touchpoints.length > 0).map(({ totals, ...journey }) => ({ ...journey, revenue: revenueList(totals) }));
  };
}
