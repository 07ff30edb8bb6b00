// convertedJourneys() on Elasticsearch: a composite aggregation over the per-day journey summaries
// finds each converted journey's first conversion; its earlier events and the values its
// conversions carried (only those journeys') come from a sorted search of raw events (time, then
// arrival order).
import type { Client } from '@elastic/elasticsearch';
import { addRevenue, revenueList, type RevenueTotals } from '../../../domain/analytics/revenue';
import type { AnalyticsQuestions, ConvertedJourney, TouchpointType } from '../../../ports/analyticsStore';
import type { AnalyticsIndices } from './analyticsIndices';
import { journeyEventsFilter } from './journeys';

const PAGE = 1000;

/** The aggregation of first conversions as the engine answers it (absent when no index holds a journey yet). */
interface FirstConversionPage {
  journeys?: { after_key?: Record<string, string>; buckets: Array<{ key: { journey: string }; first: { value: number } }> };
}

export function createConvertedJourneys(client: Client, indices: AnalyticsIndices): AnalyticsQuestions['convertedJourneys'] {
  const common = { index: indices.events, ignore_unavailable: true, allow_no_indices: true };

  async function firstConversions(scope: Parameters<AnalyticsQuestions['convertedJourneys']>[0]): Promise<Map<string, number>> {
    const firsts = new Map<string, number>();
    let after: Record<string, string> | undefined;
    for (;;) {
      const response = await client.search<unknown, FirstConversionPage>({
        index: indices.journeyDays,
        ignore_unavailable: true,
        allow_no_indices: true,
        size: 0,
        query: { bool: { filter: [...journeyEventsFilter(scope), { exists: { field: 'first_conversion_ts' } }] } },
        aggs: { journeys: { composite: { size: PAGE, sources: [{ journey: { terms: { field: 'journey_id' } } }], ...(after && { after }) }, aggs: { first: { min: { field: 'first_conversion_ts' } } } } },
      });
      const agg = response.aggregations?.journeys;
      if (!agg) return firsts;
      for (const bucket of agg.buckets) firsts.set(bucket.key.journey, bucket.first.value);
      if (agg.buckets.length < PAGE || !agg.after_key) return firsts;
      after = agg.after_key;
    }
  }

  return async (scope) => {
    const firsts = await firstConversions(scope);
    const byJourney = new Map<string, ConvertedJourney & { totals: RevenueTotals }>();
    const ids = [...firsts.keys()].sort();
    for (let start = 0; start < ids.length; start += PAGE) {
      const chunk = ids.slice(start, start + PAGE);
      let searchAfter: Array<string | number> | undefined;
      for (;;) {
        const response = await client.search({
          ...common,
          size: 5000,
          _source: ['journey_id', 'type', 'platform', '@timestamp', 'value', 'currency'],
          // Conversions only for the values they carried.
          query: {
            bool: {
              filter: [...journeyEventsFilter(scope), { terms: { journey_id: chunk } }],
              should: [{ bool: { must_not: [{ term: { type: 'conversion' } }] } }, { exists: { field: 'value' } }],
              minimum_should_match: 1,
            },
          },
          sort: [{ journey_id: 'asc' }, { '@timestamp': 'asc' }, { seq: 'asc' }],
          ...(searchAfter && { search_after: searchAfter }),
        });
        const hits = response.hits.hits;
        for (const hit of hits) {
          // In a journey (crawls have none): a conversion or a touchpoint type.
          const doc = hit._source as { journey_id: string; type: TouchpointType | 'conversion'; platform: string; '@timestamp': number; value?: number; currency?: string };
          const conversion = doc.type === 'conversion';
          if (!conversion && doc['@timestamp'] > (firsts.get(doc.journey_id) as number)) continue;
          let journey = byJourney.get(doc.journey_id);
          if (!journey) byJourney.set(doc.journey_id, (journey = { journeyId: doc.journey_id, touchpoints: [], revenue: [], totals: new Map() }));
          if (doc.type === 'conversion') addRevenue(journey.totals, doc.currency!, doc.value!);
          else journey.touchpoints.push({ type: doc.type, platform: doc.platform });
        }
        if (hits.length < 5000) break;
        searchAfter = hits[hits.length - 1].sort as Array<string | number>;
      }
    }
    // A conversion with nothing before it has nothing to credit.
    return [...byJourney.values()]
      .filter((journey) => journey.touchpoints.length > 0)
      .map(({ totals, ...journey }) => ({ ...journey, revenue: revenueList(totals) }))
      .sort((a, b) => a.journeyId.localeCompare(b.journeyId));
  };
}
