// Time filters on Elasticsearch. The engine finds the matches of the query's other conditions, in
// the query's order, returning only the fields the opening rules read; the domain's rules
// (matchesOpening) keep the businesses that pass, so the total and every page are exact and agree
// with the embedded index; the page's documents are then read by id. The cost grows with the
// matches of the other conditions, read SCAN_BATCH at a time. Running the rules inside the engine
// would need Painless, which the only Elasticsearch 8 on Maven Central (the test engine) lacks:
// rules there could not be tested against these.
import type { Client, estypes } from '@elastic/elasticsearch';
import { matchesOpening, type Opening, type OpeningFilter } from '../../domain/search/openingFilter';
import type { SearchDocument, SearchQuery, SearchResult } from '../../ports/searchIndex';
import { buildSearchRequest } from './queryBuilder';
import { searchResultFrom } from './searchHits';

const SCAN_BATCH = 5000;
const OPENING_FIELDS = ['hours', 'timeZone', 'blackoutDates'];

type ScannedHit = estypes.SearchHit<Opening>;

export async function searchWithOpening(
  client: Client,
  index: string,
  query: SearchQuery & { opening: OpeningFilter },
  batch: number = SCAN_BATCH,
): Promise<SearchResult> {
  const { opening, offset, limit, ...rest } = query;
  const plan = buildSearchRequest({ ...rest, offset: 0, limit: batch });
  const at = new Date(opening.at);
  const passing: ScannedHit[] = [];
  let after: estypes.SortResults | undefined;
  for (;;) {
    const response = await client.search<Opening>({
      index,
      ...plan.request,
      _source: OPENING_FIELDS,
      // Every sort ends with the id tie-break, so the last sort values mark a unique position.
      ...(after ? { search_after: after } : {}),
    });
    const hits = response.hits.hits;
    for (const hit of hits) if (hit._source && matchesOpening(hit._source, opening, at)) passing.push(hit);
    if (hits.length < batch) break;
    after = hits[hits.length - 1].sort;
  }

  const page = passing.slice(Math.max(0, offset), Math.max(0, offset) + Math.max(0, limit));
  const documents = page.length === 0 ? [] : (await client.mget<SearchDocument>({ index, ids: page.map((hit) => hit._id as string) })).docs;
  const sources = new Map(documents.map((doc) => [doc._id, 'found' in doc && doc.found ? doc._source : undefined]));
  const pageHits = page.map((hit) => ({ ...hit, _source: sources.get(hit._id as string) }));
  return searchResultFrom({ hits: { hits: pageHits, total: passing.length } } as unknown as estypes.SearchResponse<SearchDocument>, plan);
}
