// SQL shared by everything that (re)builds the per-day journey summaries from raw events: the
// migration that introduces them, the retention purge (days it cut into) and the rebuild command.
import { STAGE_RANK_OF_TYPE } from '../../../domain/analytics/journeyStage';

/** The stage an event shows, as its index in JOURNEY_STAGES. */
export const STAGE_RANK_SQL = `CASE type ${Object.entries(STAGE_RANK_OF_TYPE).map(([type, rank]) => `WHEN '${type}' THEN ${rank}`).join(' ')} ELSE 0 END`;

/** INSERT ... SELECT of the summaries of the raw events matched by `where` (a condition on analytics_events). */
export function summariseJourneyDaysSql(where: string): string {
  return `INSERT INTO analytics_journey_days
      (environment, business_id, local_date, journey_id, stage, touchpoints, first_ts, last_ts, first_conversion_ts, queries)
    SELECT environment, business_id, local_date, journey_id, MAX(${STAGE_RANK_SQL}), COUNT(*), MIN(ts), MAX(ts),
      MIN(CASE WHEN type = 'conversion' THEN ts END), json_group_array(DISTINCT query) FILTER (WHERE query IS NOT NULL)
    FROM analytics_events
    WHERE journey_id IS NOT NULL AND (${where})
    GROUP BY environment, business_id, local_date, journey_id`;
}
