import type { estypes } from '@elastic/elasticsearch';
import { searchResultFrom } from '../../../src/adapters/elasticsearch/searchHits';
import { rankingFieldsOf, type SearchDocument } from '../../../src/ports/searchIndex';
import { fixtureDocument } from '../../fixtures/searchDocuments';

function response(
  hits: { id: string; score: number | null; sort?: (number | string)[] }[],
  total = hits.length,
  relation: estypes.SearchTotalHitsRelation = 'eq',
): estypes.SearchResponse<SearchDocument> {
  return {
    took: 1,
    timed_out: false,
    _shards: { total: 1, successful: 1, failed: 0 },
    hits: {
      total: { value: total, relation },
      hits: hits.map((hit) => ({ _index: 'profiles_v1', _id: `live:${hit.id}`, _score: hit.score, _source: fixtureDocument(hit.id), sort: hit.sort })),
    },
  };
}

describe('searchResultFrom', () => {
  it('divides text scores by the best score on the page, even when the page is sorted worst first', () => {
    const result = searchResultFrom(response([{ id: 'biz_chi_cafe', score: 2 }, { id: 'biz_aus_cafe', score: 8 }], 7), { scored: true, distanceSortPosition: null });
    expect(result).toMatchObject({ total: 7, totalIsEstimate: false });
    expect(result.hits.map((hit) => [hit.document.id, hit.textScore])).toEqual([['biz_chi_cafe', 0.25], ['biz_aus_cafe', 1]]);
    expect(result.hits[0].distanceKm).toBeUndefined();
  });

  it('reports a count the engine stopped at (relation gte) as a lower bound', () => {
    const result = searchResultFrom(response([{ id: 'biz_chi_cafe', score: null }], 10000, 'gte'), { scored: false, distanceSortPosition: null });
    expect(result).toMatchObject({ total: 10000, totalIsEstimate: true });
  });

  it('reports 0 for every hit when the query had no text', () => {
    const result = searchResultFrom(response([{ id: 'biz_chi_cafe', score: 1 }]), { scored: false, distanceSortPosition: null });
    expect(result.hits[0].textScore).toBe(0);
  });

  it('reads the distance from its sort position', () => {
    const result = searchResultFrom(response([{ id: 'biz_aus_pizza', score: null, sort: [82, 'biz_aus_pizza', 0.0412] }]), { scored: false, distanceSortPosition: 2 });
    const document = fixtureDocument('biz_aus_pizza');
    expect(result.hits[0]).toEqual({ document, fields: rankingFieldsOf(document), textScore: 0, distanceKm: 0.0412 });
  });
});
