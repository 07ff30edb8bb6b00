// visibility() on Elasticsearch: aggregations over the daily count deltas (never raw events):
// terms per platform and type for the totals, a date_histogram per local day for the series.
import type { Client } from '@elastic/elasticsearch';
import type { AnalyticsQuestions, AnalyticsScope, VisibilityCounts } from '../../../ports/analyticsStore';
import { addRollup, emptyVisibility, VISIBILITY_ROLLUP_TYPES } from '../../../domain/analytics/visibilityCounts';
import type { AnalyticsIndices } from './analyticsIndices';

interface SumBucket { value: number }
interface TypeBucket { key: string; events: SumBucket; position_sum: SumBucket; position_count: SumBucket; followed: SumBucket }
/** The two aggregations below as the engine answers them. */
interface VisibilityAggregations {
  platforms: { buckets: Array<{ key: string; types: { buckets: TypeBucket[] } }> };
  days: { buckets: Array<{ key_as_string: string; types: { buckets: Array<{ key: string; events: SumBucket }> } }> };
}

/** The filter every rollup question starts from. */
export function rollupFilter(scope: Omit<AnalyticsScope, 'businessId'> & { businessId?: string }, types: string[]) {
  return [
    { term: { environment: scope.environment } },
    ...(scope.businessId ? [{ term: { business_id: scope.businessId } }] : []),
    { range: { local_date: { gte: scope.from, lte: scope.to, format: 'yyyy-MM-dd' } } },
    { terms: { type: types } },
  ];
}

const sums = {
  events: { sum: { field: 'events' } },
  position_sum: { sum: { field: 'position_sum' } },
  position_count: { sum: { field: 'position_count' } },
  followed: { sum: { field: 'followed' } },
};

function rowOf(bucket: TypeBucket) {
  return { type: bucket.key, events: bucket.events.value, position_sum: bucket.position_sum.value, position_count: bucket.position_count.value, followed: bucket.followed.value };
}

export function createVisibility(client: Client, indices: AnalyticsIndices): AnalyticsQuestions['visibility'] {
  return async (scope) => {
    const filter = [...rollupFilter(scope, VISIBILITY_ROLLUP_TYPES), ...(scope.platform !== undefined ? [{ term: { platform: scope.platform } }] : [])];
    const response = await client.search<unknown, VisibilityAggregations>({
      index: indices.daily,
      size: 0,
      query: { bool: { filter } },
      aggs: {
        platforms: { terms: { field: 'platform', size: 1000 }, aggs: { types: { terms: { field: 'type', size: 10 }, aggs: sums } } },
        days: {
          date_histogram: { field: 'local_date', calendar_interval: 'day', format: 'yyyy-MM-dd', min_doc_count: 1 },
          aggs: { types: { terms: { field: 'type', size: 10 }, aggs: { events: sums.events } } },
        },
      },
    });
    // A search with aggregations always answers them.
    const aggs = response.aggregations!;
    const totals = emptyVisibility();
    const platforms: Array<VisibilityCounts & { name: string }> = [];
    for (const platform of aggs.platforms.buckets) {
      const counts = emptyVisibility();
      for (const type of platform.types.buckets) {
        addRollup(counts, rowOf(type));
        addRollup(totals, rowOf(type));
      }
      platforms.push({ name: platform.key, ...counts });
    }
    const days = aggs.days.buckets
      .map((day) => {
        const of = (type: string) => day.types.buckets.find((b) => b.key === type)?.events.value ?? 0;
        return { date: day.key_as_string, impressions: of('impression'), citations: of('citation') };
      })
      .filter((day) => day.impressions > 0 || day.citations > 0);
    return { totals, platforms: platforms.sort((a, b) => a.name.localeCompare(b.name)), days };
  };
}
