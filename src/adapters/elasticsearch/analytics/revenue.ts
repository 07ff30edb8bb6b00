// revenue() on Elasticsearch: the conversions of the period's journeys that carried a value,
// summed per currency by one aggregation over the raw events.
import type { Client } from '@elastic/elasticsearch';
import { revenueList } from '../../../domain/analytics/revenue';
import type { AnalyticsQuestions } from '../../../ports/analyticsStore';
import type { AnalyticsIndices } from './analyticsIndices';
import { journeyEventsFilter } from './journeys';

/** ISO 4217 has fewer than 200 currencies in use. */
const CURRENCIES = 200;

export function createRevenue(client: Client, indices: AnalyticsIndices): AnalyticsQuestions['revenue'] {
  return async (scope) => {
    const response = await client.search({
      index: indices.events,
      ignore_unavailable: true,
      allow_no_indices: true,
      size: 0,
      query: { bool: { filter: [...journeyEventsFilter(scope), { term: { type: 'conversion' } }, { exists: { field: 'value' } }] } },
      aggs: { currencies: { terms: { field: 'currency', size: CURRENCIES }, aggs: { amount: { sum: { field: 'value' } } } } },
    });
    const buckets = (response.aggregations as undefined | { currencies?: { buckets: Array<{ key: string; amount: { value: number } }> } })?.currencies?.buckets ?? [];
    return revenueList(new Map(buckets.map((bucket) => [bucket.key, bucket.amount.value])));
  };
}
