// journeys(): the business's per-day journey summaries in the period (one row per journey and
// local day, stored in business and day order), merged per journey.
import { journeyFactsFromDays, type JourneyDayRow } from '../../../domain/analytics/journeyDayDeltas';
import type { AnalyticsQuestions } from '../../../ports/analyticsStore';
import type { SqliteDatabase } from '../openDatabase';

export function createJourneys(db: SqliteDatabase): AnalyticsQuestions['journeys'] {
  const statement = db.prepare(`SELECT journey_id, stage, touchpoints, first_ts, last_ts, queries FROM analytics_journey_days
    WHERE environment = ? AND business_id = ? AND local_date BETWEEN ? AND ?`).raw();

  return async ({ environment, businessId, from, to }) => {
    const rows = statement.all(environment, businessId, from, to) as Array<[string, number, number, number, number, string]>;
    const days = function* (): Generator<JourneyDayRow> {
      for (const [journeyId, stage, touchpoints, firstAt, lastAt, queries] of rows) {
        yield { journeyId, stage, touchpoints, firstAt, lastAt, queries: queries === '[]' ? [] : (JSON.parse(queries) as string[]) };
      }
    };
    return journeyFactsFromDays(days());
  };
}
