// businessTotals() on Elasticsearch: impressions and citations per business from the daily
// deltas, journeys and converted journeys from the per-day journey summaries (cardinality: exact
// well below its 40 000 precision threshold, approximate above, which percentiles of peers tolerate).
import type { Client } from '@elastic/elasticsearch';
import type { AnalyticsQuestions, BusinessTotals } from '../../../ports/analyticsStore';
import type { AnalyticsIndices } from './analyticsIndices';
import { rollupFilter } from './visibility';

const CHUNK = 1000;

/** The two aggregations below as the engine answers them (the journey summaries may not exist yet). */
type RollupBuckets = { businesses: { buckets: Array<{ key: string; types: { buckets: Array<{ key: string; events: { value: number } }> } }> } };
type JourneyBuckets = { businesses?: { buckets: Array<{ key: string; journeys: { value: number }; converted: { journeys: { value: number } } }> } };

export function createBusinessTotals(client: Client, indices: AnalyticsIndices): AnalyticsQuestions['businessTotals'] {
  return async ({ environment, businessIds, from, to }) => {
    const totals = new Map<string, BusinessTotals>();
    for (const id of businessIds) totals.set(id, { businessId: id, impressions: 0, citations: 0, journeys: 0, convertedJourneys: 0 });
    const ids = [...totals.keys()];
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      const [rollups, journeys] = await Promise.all([
        client.search<unknown, RollupBuckets>({
          index: indices.daily,
          size: 0,
          query: { bool: { filter: [...rollupFilter({ environment, from, to }, ['impression', 'citation']), { terms: { business_id: chunk } }] } },
          aggs: { businesses: { terms: { field: 'business_id', size: chunk.length }, aggs: { types: { terms: { field: 'type', size: 2 }, aggs: { events: { sum: { field: 'events' } } } } } } },
        }),
        client.search<unknown, JourneyBuckets>({
          index: indices.journeyDays,
          ignore_unavailable: true,
          allow_no_indices: true,
          size: 0,
          query: {
            bool: {
              filter: [
                { term: { environment } },
                { terms: { business_id: chunk } },
                { range: { local_date: { gte: from, lte: to, format: 'yyyy-MM-dd' } } },
              ],
            },
          },
          aggs: {
            businesses: {
              terms: { field: 'business_id', size: chunk.length },
              aggs: {
                journeys: { cardinality: { field: 'journey_id', precision_threshold: 40000 } },
                converted: { filter: { exists: { field: 'first_conversion_ts' } }, aggs: { journeys: { cardinality: { field: 'journey_id', precision_threshold: 40000 } } } },
              },
            },
          },
        }),
      ]);
      for (const business of rollups.aggregations?.businesses.buckets ?? []) {
        const entry = totals.get(business.key) as BusinessTotals;
        for (const type of business.types.buckets) {
          if (type.key === 'impression') entry.impressions = type.events.value;
          else entry.citations = type.events.value;
        }
      }
      for (const business of journeys.aggregations?.businesses?.buckets ?? []) {
        const entry = totals.get(business.key) as BusinessTotals;
        entry.journeys = business.journeys.value;
        entry.convertedJourneys = business.converted.journeys.value;
      }
    }
    return [...totals.values()];
  };
}
