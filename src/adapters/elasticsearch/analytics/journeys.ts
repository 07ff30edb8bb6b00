// journeys() on Elasticsearch: a composite aggregation over journey_id (paged by after_key) of the
// per-day journey summaries (never raw events): the furthest stage, summed touchpoints, first and
// last event time and the distinct queries.
import type { Client } from '@elastic/elasticsearch';
import { JOURNEY_STAGES } from '../../../domain/analytics/journeyStage';
import type { AnalyticsQuestions, AnalyticsScope, JourneyFacts } from '../../../ports/analyticsStore';
import type { AnalyticsIndices } from './analyticsIndices';

const PAGE = 1000;

/** The aggregation below as the engine answers it (absent when no index holds a journey yet). */
interface JourneyPage {
  journeys?: {
    after_key?: Record<string, string>;
    buckets: Array<{ key: { journey: string }; stage: { value: number }; touchpoints: { value: number }; first: { value: number }; last: { value: number }; queries: { buckets: Array<{ key: string }> } }>;
  };
}

/** One business's local days, for raw events that belong to a journey and for journey-day summaries alike. */
export function journeyEventsFilter(scope: AnalyticsScope) {
  return [
    { term: { environment: scope.environment } },
    { term: { business_id: scope.businessId } },
    { range: { local_date: { gte: scope.from, lte: scope.to, format: 'yyyy-MM-dd' } } },
    { exists: { field: 'journey_id' } },
  ];
}

export function createJourneys(client: Client, indices: AnalyticsIndices): AnalyticsQuestions['journeys'] {
  return async (scope) => {
    const journeys: JourneyFacts[] = [];
    let after: Record<string, string> | undefined;
    for (;;) {
      const response = await client.search<unknown, JourneyPage>({
        index: indices.journeyDays,
        ignore_unavailable: true,
        allow_no_indices: true,
        size: 0,
        query: { bool: { filter: journeyEventsFilter(scope) } },
        aggs: {
          journeys: {
            composite: { size: PAGE, sources: [{ journey: { terms: { field: 'journey_id' } } }], ...(after && { after }) },
            aggs: {
              stage: { max: { field: 'stage' } },
              touchpoints: { sum: { field: 'touchpoints' } },
              first: { min: { field: 'first_ts' } },
              last: { max: { field: 'last_ts' } },
              queries: { terms: { field: 'queries', size: 100 } },
            },
          },
        },
      });
      const agg = response.aggregations?.journeys;
      if (!agg) return journeys;
      for (const bucket of agg.buckets) {
        journeys.push({
          journeyId: bucket.key.journey,
          stage: JOURNEY_STAGES[bucket.stage.value],
          touchpoints: bucket.touchpoints.value,
          firstAt: bucket.first.value,
          lastAt: bucket.last.value,
          queries: bucket.queries.buckets.map((b) => b.key),
        });
      }
      if (agg.buckets.length < PAGE || !agg.after_key) return journeys;
      after = agg.after_key;
    }
  };
}
