// journeys(): one grouped pass over the business's raw events in the period, through the
// (environment, business_id, local_date, journey_id) index.
import { JOURNEY_STAGES, STAGE_RANK_OF_TYPE } from '../../../domain/analytics/journeyStage';
import type { AnalyticsQuestions } from '../../../ports/analyticsStore';
import type { SqliteDatabase } from '../openDatabase';

const stageRank = `CASE type ${Object.entries(STAGE_RANK_OF_TYPE).map(([type, rank]) => `WHEN '${type}' THEN ${rank}`).join(' ')} ELSE 0 END`;

export function createJourneys(db: SqliteDatabase): AnalyticsQuestions['journeys'] {
  const statement = db.prepare(`SELECT journey_id, MAX(${stageRank}) AS stage, COUNT(*) AS touchpoints, MIN(ts) AS first_at, MAX(ts) AS last_at,
      json_group_array(DISTINCT query) AS queries
    FROM analytics_events
    WHERE environment = ? AND business_id = ? AND local_date BETWEEN ? AND ? AND journey_id IS NOT NULL
    GROUP BY journey_id`);

  return async ({ environment, businessId, from, to }) => {
    const rows = statement.all(environment, businessId, from, to) as Array<{ journey_id: string; stage: number; touchpoints: number; first_at: number; last_at: number; queries: string }>;
    return rows.map((row) => ({
      journeyId: row.journey_id,
      stage: JOURNEY_STAGES[row.stage],
      touchpoints: row.touchpoints,
      firstAt: row.first_at,
      lastAt: row.last_at,
      queries: (JSON.parse(row.queries) as Array<string | null>).filter((query): query is string => query !== null),
    }));
  };
}
