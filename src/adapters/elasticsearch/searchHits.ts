// Elasticsearch search response -> the port's SearchResult. Text scores are divided by the best
// score on the page (the port's 0..1 scale); the distance comes from the `_geo_distance` sort key
// that the query builder adds whenever the query has a point. Totals are counted up to a bound.
import type { estypes } from '@elastic/elasticsearch';
import { rankingFieldsOf, type SearchDocument, type SearchHit, type SearchResult } from '../../ports/searchIndex';
import type { SearchPlan } from './queryBuilder';

export function searchResultFrom(response: Pick<estypes.SearchResponse<SearchDocument>, 'hits'>, plan: Omit<SearchPlan, 'request'>): SearchResult {
  const hits = response.hits.hits.filter((hit) => hit._source !== undefined);
  const scores = hits.map((hit) => (plan.scored ? hit._score ?? 0 : 0));
  const best = Math.max(0, ...scores);
  return {
    ...totalOf(response.hits.total),
    hits: hits.map((hit, i): SearchHit => {
      const distance = plan.distanceSortPosition === null ? undefined : hit.sort?.[plan.distanceSortPosition];
      const document = hit._source as SearchDocument;
      return {
        document,
        fields: rankingFieldsOf(document),
        textScore: best > 0 ? scores[i] / best : 0,
        ...(typeof distance === 'number' && Number.isFinite(distance) ? { distanceKm: distance } : {}),
      };
    }),
  };
}

/** A bounded count (track_total_hits: n) answers `gte` once it stopped counting: a lower bound. */
function totalOf(total: estypes.SearchTotalHits | number | undefined): Pick<SearchResult, 'total' | 'totalIsEstimate'> {
  if (total === undefined) return { total: 0, totalIsEstimate: false };
  if (typeof total === 'number') return { total, totalIsEstimate: false };
  return { total: total.value, totalIsEstimate: total.relation === 'gte' };
}
