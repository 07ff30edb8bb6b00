// Directory and partner pages serve the first 10 000 results on either index: Elasticsearch answers
// nothing past its result window, so the embedded index must not answer more, and hasMore must
// not promise a page no index will fill.
import type { Principal } from '../../../src/domain/principal';
import type { SearchHit, SearchIndex, SearchQuery, SearchResult } from '../../../src/ports/searchIndex';
import { presentListingPage } from '../../../src/presenters/searchResultPresenter';
import { rankingFieldsOf } from '../../../src/domain/search/searchDocument';
import { MAX_RESULT_WINDOW } from '../../../src/adapters/elasticsearch/queryBuilder';
import { LISTING_RESULT_WINDOW } from '../../../src/domain/search/listingWindow';
import { createListingSearch } from '../../../src/services/search/listingSearch';
import { searchOnlyIndex } from '../../fixtures/searchOnlyIndex';
import { fixtureDocument } from '../../fixtures/searchDocuments';

const TOTAL = 25_000;
const principal: Principal = { accountId: 'acct_1', environment: 'live', scopes: [], via: 'api_key', role: 'user', plan: 'free' };

/** An index of TOTAL matches that answers like the embedded one: any offset, `limit` hits. */
function deepIndex(asked: SearchQuery[]): SearchIndex {
  const document = fixtureDocument('biz_aus_cafe');
  const hit: SearchHit = { document, fields: rankingFieldsOf(document), textScore: 0 };
  return searchOnlyIndex(async (query) => {
    asked.push(query);
    // Without totalIsEstimate (a single cast): the pagination below was written for an answer that leaves it out.
    return { hits: Array.from({ length: Math.max(0, Math.min(query.limit, TOTAL - query.offset)) }, () => hit), total: TOTAL } as SearchResult;
  });
}

describe('listing result window', () => {
  it('is the window the Elasticsearch adapter serves, so both indexes answer the same pages', () => {
    expect(LISTING_RESULT_WINDOW).toBe(MAX_RESULT_WINDOW);
  });

  it('cuts the page that reaches past the 10 000th result, and says there is no more', async () => {
    const asked: SearchQuery[] = [];
    const listings = createListingSearch({ index: deepIndex(asked), partnerAccess: { require: async () => undefined as never } });
    const page = { limit: 100, offset: LISTING_RESULT_WINDOW - 10 };
    const last = presentListingPage(await listings.directory(principal, { ...page, sortBy: 'name', sortOrder: 'asc' }), page);
    expect(asked[0]).toMatchObject({ offset: 9_990, limit: 10 });
    expect(last.businesses).toHaveLength(10);
    expect(last.pagination).toEqual({ total: TOTAL, limit: 100, offset: 9_990, hasMore: false });

    const beyond = { limit: 20, offset: LISTING_RESULT_WINDOW };
    const empty = presentListingPage(await listings.partner(principal, { ...beyond, category: 'cafes' }), beyond);
    expect(asked[1]).toMatchObject({ offset: 10_000, limit: 0 });
    expect(empty.pagination).toEqual({ total: TOTAL, limit: 20, offset: 10_000, hasMore: false });
  });

  it('leaves pages inside the window alone', async () => {
    const asked: SearchQuery[] = [];
    const listings = createListingSearch({ index: deepIndex(asked), partnerAccess: { require: async () => undefined as never } });
    const page = { limit: 100, offset: 9_800 };
    const result = presentListingPage(await listings.directory(principal, { ...page, sortBy: 'rating', sortOrder: 'desc' }), page);
    expect(asked[0]).toMatchObject({ offset: 9_800, limit: 100 });
    expect(result.pagination.hasMore).toBe(true);
  });
});
