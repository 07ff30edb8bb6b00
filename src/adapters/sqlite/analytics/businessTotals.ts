// businessTotals(): the peers' totals from the peer totals only (domain/analytics/peerJourneyFacts.ts):
// the whole months of the range from the month rows, the days at its ends from the day rows, and
// the links with both ends in the range subtracted from the journey days, so a journey of several
// days is counted once. A year of one peer is about 12 + 30 rows, whatever its traffic.
import { periodParts } from '../../../domain/analytics/periodParts';
import type { AnalyticsQuestions, BusinessTotals } from '../../../ports/analyticsStore';
import type { SqliteDatabase } from '../openDatabase';

/** Ids per statement: far below SQLite's 32 766 bound parameters. */
const CHUNK = 500;
/** A range no day or month falls in (for the parts a period does not have). */
const NONE = { from: '1', to: '0' };

export function createBusinessTotals(db: SqliteDatabase): AnalyticsQuestions['businessTotals'] {
  const ids = 'business_id IN (SELECT value FROM json_each(@ids))';
  const counts = 'impressions, citations, journeys, converted';
  const statement = db.prepare(`SELECT business_id, SUM(impressions) AS impressions, SUM(citations) AS citations,
      SUM(journeys) AS journeys, SUM(converted) AS converted FROM (
      SELECT business_id, ${counts} FROM analytics_peer_months WHERE environment = @environment AND ${ids} AND month BETWEEN @monthFrom AND @monthTo
      UNION ALL
      SELECT business_id, ${counts} FROM analytics_peer_days WHERE environment = @environment AND ${ids} AND local_date BETWEEN @headFrom AND @headTo
      UNION ALL
      SELECT business_id, ${counts} FROM analytics_peer_days WHERE environment = @environment AND ${ids} AND local_date BETWEEN @tailFrom AND @tailTo
      UNION ALL
      SELECT business_id, 0, 0, CASE conversion WHEN 0 THEN -journeys ELSE 0 END, CASE conversion WHEN 1 THEN -journeys ELSE 0 END
      FROM analytics_peer_links WHERE environment = @environment AND ${ids} AND earlier >= @from AND later <= @to
    ) GROUP BY business_id`);

  return async ({ environment, businessIds, from, to }) => {
    const totals = new Map<string, BusinessTotals>();
    for (const id of businessIds) totals.set(id, { businessId: id, impressions: 0, citations: 0, journeys: 0, convertedJourneys: 0 });
    const parts = periodParts(from, to);
    const [head, tail] = [parts.days[0] ?? NONE, parts.days[1] ?? NONE];
    const months = parts.months ?? NONE;
    const all = [...totals.keys()];
    for (let start = 0; start < all.length; start += CHUNK) {
      const params = {
        environment, ids: JSON.stringify(all.slice(start, start + CHUNK)), from, to, monthFrom: months.from, monthTo: months.to,
        headFrom: head.from, headTo: head.to, tailFrom: tail.from, tailTo: tail.to,
      };
      for (const row of statement.all(params) as Array<{ business_id: string; impressions: number; citations: number; journeys: number; converted: number }>) {
        const entry = totals.get(row.business_id) as BusinessTotals;
        entry.impressions = row.impressions;
        entry.citations = row.citations;
        entry.journeys = row.journeys;
        entry.convertedJourneys = row.converted;
      }
    }
    return [...totals.values()];
  };
}
