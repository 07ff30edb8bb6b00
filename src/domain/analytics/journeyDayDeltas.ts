// What one appended batch adds to the per-day journey summaries (one row per journey, business
// and local day: furthest stage, touchpoints, first and last event, first conversion, distinct
// queries), grouped in memory first so each summary row is touched once per batch, whatever
// engine stores it. Summaries of several days (or of a stored row and a delta) merge exactly:
// max, sum, min, max, min, union.
import type { JourneyFacts } from './analyticsFacts';
import type { AnalyticsEvent } from './analyticsEvent';
import { JOURNEY_STAGES, STAGE_RANK_OF_TYPE } from './journeyStage';

export interface JourneyDayKey {
  environment: AnalyticsEvent['environment'];
  businessId: string;
  localDate: string;
  journeyId: string;
}

export interface JourneyDaySummary extends JourneyDayKey {
  /** Furthest stage reached, as its index in JOURNEY_STAGES. */
  stage: number;
  touchpoints: number;
  /** Epoch milliseconds. */
  firstAt: number;
  lastAt: number;
  /** The day's first conversion, or null. */
  firstConversionAt: number | null;
  /** Distinct queries, sorted. */
  queries: string[];
}

/** Adds `event` (epoch ms `ts`) into `summary`, or starts one. */
export function addToJourneyDay(summary: JourneyDaySummary | undefined, event: AnalyticsEvent & { journeyId: string }, ts: number): JourneyDaySummary {
  const conversionAt = event.type === 'conversion' ? ts : null;
  if (!summary) {
    return {
      environment: event.environment, businessId: event.businessId, localDate: event.localDate, journeyId: event.journeyId,
      stage: STAGE_RANK_OF_TYPE[event.type], touchpoints: 1, firstAt: ts, lastAt: ts, firstConversionAt: conversionAt, queries: event.query ? [event.query] : [],
    };
  }
  summary.stage = Math.max(summary.stage, STAGE_RANK_OF_TYPE[event.type]);
  summary.touchpoints += 1;
  summary.firstAt = Math.min(summary.firstAt, ts);
  summary.lastAt = Math.max(summary.lastAt, ts);
  summary.firstConversionAt = earliest(summary.firstConversionAt, conversionAt);
  if (event.query && !summary.queries.includes(event.query)) summary.queries = [...summary.queries, event.query].sort();
  return summary;
}

function earliest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}

export interface JourneyDayDeltas {
  /** Adds a stored event (ignored without a journey). */
  addEvent(event: AnalyticsEvent, ts: number): void;
  values(): JourneyDaySummary[];
}

export function createJourneyDayDeltas(): JourneyDayDeltas {
  const summaries = new Map<string, JourneyDaySummary>();
  return {
    addEvent(event, ts) {
      if (event.journeyId === undefined) return;
      const id = `${event.environment}\u0000${event.businessId}\u0000${event.localDate}\u0000${event.journeyId}`;
      summaries.set(id, addToJourneyDay(summaries.get(id), event as AnalyticsEvent & { journeyId: string }, ts));
    },
    values: () => [...summaries.values()],
  };
}

/** One stored day of a journey, as the questions read it. */
export type JourneyDayRow = Pick<JourneyDaySummary, 'journeyId' | 'stage' | 'touchpoints' | 'firstAt' | 'lastAt' | 'queries'>;

/** The journeys of a period from their days in it: exactly what the raw events of those days give. */
export function journeyFactsFromDays(days: Iterable<JourneyDayRow>): JourneyFacts[] {
  const journeys = new Map<string, { stage: number; touchpoints: number; firstAt: number; lastAt: number; queries: Set<string> }>();
  for (const day of days) {
    const seen = journeys.get(day.journeyId);
    if (!seen) {
      journeys.set(day.journeyId, { stage: day.stage, touchpoints: day.touchpoints, firstAt: day.firstAt, lastAt: day.lastAt, queries: new Set(day.queries) });
      continue;
    }
    seen.stage = Math.max(seen.stage, day.stage);
    seen.touchpoints += day.touchpoints;
    seen.firstAt = Math.min(seen.firstAt, day.firstAt);
    seen.lastAt = Math.max(seen.lastAt, day.lastAt);
    for (const query of day.queries) seen.queries.add(query);
  }
  return [...journeys].map(([journeyId, j]) => ({
    journeyId, stage: JOURNEY_STAGES[j.stage], touchpoints: j.touchpoints, firstAt: j.firstAt, lastAt: j.lastAt, queries: [...j.queries],
  }));
}
