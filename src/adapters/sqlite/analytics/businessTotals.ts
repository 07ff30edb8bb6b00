// businessTotals(): peers' impressions and citations from the daily rollups, their journeys and
// converted journeys from the per-day journey summaries (a journey is counted once however many
// days it spans).
import type { AnalyticsQuestions, BusinessTotals } from '../../../ports/analyticsStore';
import type { SqliteDatabase } from '../openDatabase';

/** Ids per statement: far below SQLite's 32 766 bound parameters. */
const CHUNK = 500;

export function createBusinessTotals(db: SqliteDatabase): AnalyticsQuestions['businessTotals'] {
  const rollups = db.prepare(`SELECT business_id, type, SUM(events) AS events FROM analytics_daily
    WHERE environment = @environment AND business_id IN (SELECT value FROM json_each(@ids)) AND local_date BETWEEN @from AND @to
      AND type IN ('impression', 'citation')
    GROUP BY business_id, type`);
  const journeys = db.prepare(`SELECT business_id, COUNT(DISTINCT journey_id) AS journeys,
      COUNT(DISTINCT CASE WHEN first_conversion_ts IS NOT NULL THEN journey_id END) AS converted
    FROM analytics_journey_days
    WHERE environment = @environment AND business_id IN (SELECT value FROM json_each(@ids)) AND local_date BETWEEN @from AND @to
    GROUP BY business_id`);

  return async ({ environment, businessIds, from, to }) => {
    const totals = new Map<string, BusinessTotals>();
    for (const id of businessIds) totals.set(id, { businessId: id, impressions: 0, citations: 0, journeys: 0, convertedJourneys: 0 });
    const ids = [...totals.keys()];
    for (let start = 0; start < ids.length; start += CHUNK) {
      const params = { environment, ids: JSON.stringify(ids.slice(start, start + CHUNK)), from, to };
      for (const row of rollups.all(params) as Array<{ business_id: string; type: string; events: number }>) {
        const entry = totals.get(row.business_id) as BusinessTotals;
        if (row.type === 'impression') entry.impressions = row.events;
        else entry.citations = row.events;
      }
      for (const row of journeys.all(params) as Array<{ business_id: string; journeys: number; converted: number }>) {
        const entry = totals.get(row.business_id) as BusinessTotals;
        entry.journeys = row.journeys;
        entry.convertedJourneys = row.converted;
      }
    }
    return [...totals.values()];
  };
}
