// intent-journeys from the journeys of a period: counts per furthest stage, conversion rate,
// mean touchpoints, mean duration in seconds, and the queries that started the most journeys.
import type { JourneyFacts, JourneyStage } from './analyticsFacts';
import { stageAtLeast } from './journeyStage';
import { ratio, rounded } from './rounding';

export const TOP_QUERIES = 10;

export interface JourneySummary {
  journeys: {
    total: number;
    byStage: Record<JourneyStage, number>;
    conversionRate: number;
    avgTouchpoints: number;
    /** Seconds from a journey's first to its last event, averaged. */
    avgDuration: number;
  };
  topQueries: Array<{ query: string; count: number; conversionRate: number }>;
}

/** `stage` keeps the journeys that reached at least that stage. */
export function summariseJourneys(all: readonly JourneyFacts[], stage?: JourneyStage): JourneySummary {
  const journeys = stage ? all.filter((journey) => stageAtLeast(journey.stage, stage)) : all;
  const byStage: Record<JourneyStage, number> = { awareness: 0, consideration: 0, intent: 0, conversion: 0 };
  let touchpoints = 0;
  let durationMs = 0;
  const queries = new Map<string, { count: number; converted: number }>();
  for (const journey of journeys) {
    byStage[journey.stage] += 1;
    touchpoints += journey.touchpoints;
    durationMs += journey.lastAt - journey.firstAt;
    for (const query of new Set(journey.queries)) {
      let entry = queries.get(query);
      if (!entry) queries.set(query, (entry = { count: 0, converted: 0 }));
      entry.count += 1;
      if (journey.stage === 'conversion') entry.converted += 1;
    }
  }
  const total = journeys.length;
  return {
    journeys: {
      total,
      byStage,
      conversionRate: ratio(byStage.conversion, total),
      avgTouchpoints: total === 0 ? 0 : rounded(touchpoints / total, 2),
      avgDuration: total === 0 ? 0 : rounded(durationMs / 1000 / total, 1),
    },
    topQueries: [...queries]
      .sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))
      .slice(0, TOP_QUERIES)
      .map(([query, entry]) => ({ query, count: entry.count, conversionRate: ratio(entry.converted, entry.count) })),
  };
}
