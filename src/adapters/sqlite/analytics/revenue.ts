// revenue(): the values the conversions of the period's journeys carried, per currency. The
// converted journeys come from the per-day journey summaries; only their raw events are read,
// through the business index (as convertedJourneys does).
import type { AnalyticsQuestions } from '../../../ports/analyticsStore';
import type { SqliteDatabase } from '../openDatabase';
import { revenueList } from '../../../domain/analytics/revenue';

export function createRevenue(db: SqliteDatabase): AnalyticsQuestions['revenue'] {
  const statement = db.prepare(`WITH converted AS (
      SELECT DISTINCT journey_id FROM analytics_journey_days
      WHERE environment = @environment AND business_id = @businessId AND local_date BETWEEN @from AND @to
        AND first_conversion_ts IS NOT NULL
    )
    SELECT e.currency, SUM(e.value) AS amount FROM converted c CROSS JOIN analytics_events e ON e.journey_id = c.journey_id
    WHERE e.environment = @environment AND e.business_id = @businessId AND e.local_date BETWEEN @from AND @to
      AND e.type = 'conversion' AND e.value IS NOT NULL
    GROUP BY e.currency`);

  return async ({ environment, businessId, from, to }) => {
    const rows = statement.all({ environment, businessId, from, to }) as Array<{ currency: string; amount: number }>;
    return revenueList(new Map(rows.map((row) => [row.currency, row.amount])));
  };
}
