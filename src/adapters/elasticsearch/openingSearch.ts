// Time filters on Elasticsearch, decided by the domain's rules (openingFilter.ts) so that both
// indexes agree. Every document carries its schedule code (indexedDocument.ts), and many share
// one (same hours, same zone). A terms aggregation lists the codes among the matches of the
// query's other conditions; the rules decide each distinct code once; the search then runs with
// a terms filter on the codes that pass, so the engine pages, sorts and counts as usual. Reading
// the matches themselves costs the engine's fetch phase per hit ("ramen open now" in Los Angeles,
// 1 121 matches: 43 ms), the aggregation a few. Running the rules inside the engine would need
// Painless, which the only Elasticsearch 8 on Maven Central (the test engine) lacks.
import type { Client, estypes } from '@elastic/elasticsearch';
import { matchesOpening, type Opening, type OpeningFilter, scheduleMatcher } from '../../domain/search/openingFilter';
import type { SearchDocument, SearchQuery, SearchResult } from '../../ports/searchIndex';
import { INDEX_ONLY_FIELDS, SCHEDULE_FIELD } from './indexedDocument';
import { buildSearchRequest, type SearchPlan } from './queryBuilder';
import { searchResultFrom } from './searchHits';

/** Distinct codes one aggregation may list (Elasticsearch's default search.max_buckets). */
const MAX_CODES = 65_536;
const SCAN_BATCH = 5000;
/** What the rules read, for documents indexed before they carried a schedule code. */
const OPENING_FIELDS = ['hours', 'timeZone', 'blackoutDates'];

type OpeningQuery = SearchQuery & { opening: OpeningFilter };

export async function searchWithOpening(client: Client, index: string, query: OpeningQuery, exactTotalUpTo?: number): Promise<SearchResult> {
  const { opening, ...rest } = query;
  const plan = buildSearchRequest(rest, exactTotalUpTo);
  const codes = await client.search<unknown, { codes: estypes.AggregationsStringTermsAggregate; unscheduled: estypes.AggregationsMissingAggregate }>({
    index,
    query: plan.request.query,
    size: 0,
    track_total_hits: false,
    aggs: { codes: { terms: { field: SCHEDULE_FIELD, size: MAX_CODES } }, unscheduled: { missing: { field: SCHEDULE_FIELD } } },
  });
  const { codes: listed, unscheduled } = codes.aggregations ?? {};
  // Documents from before the code (until a reindex), or more codes than one answer lists.
  if (!listed || !unscheduled || unscheduled.doc_count > 0 || (listed.sum_other_doc_count ?? 0) > 0) {
    return scanMatches(client, index, query);
  }
  const matches = scheduleMatcher(opening);
  const passing = (listed.buckets as estypes.AggregationsStringTermsBucket[]).map((bucket) => String(bucket.key)).filter(matches);
  if (passing.length === 0) return { hits: [], total: 0, totalIsEstimate: false };
  const response = await client.search<SearchDocument>({ index, ...withFilter(plan, { terms: { [SCHEDULE_FIELD]: passing } }) });
  return searchResultFrom(response, plan);
}

function withFilter(plan: SearchPlan, filter: estypes.QueryDslQueryContainer): estypes.SearchRequest {
  const bool = plan.request.query?.bool ?? {};
  const filters = Array.isArray(bool.filter) ? bool.filter : bool.filter ? [bool.filter] : [];
  return { ...plan.request, query: { bool: { ...bool, filter: [...filters, filter] } } };
}

/**
 * The fallback: read every match of the other conditions in the query's order, SCAN_BATCH at a
 * time with only what the rules need, keep the ones that pass, then read the page by id.
 */
export async function scanMatches(client: Client, index: string, query: OpeningQuery, batch: number = SCAN_BATCH): Promise<SearchResult> {
  const { opening, offset, limit, ...rest } = query;
  const plan = buildSearchRequest({ ...rest, offset: 0, limit: batch });
  const at = new Date(opening.at);
  const passing: estypes.SearchHit<Partial<Opening>>[] = [];
  let after: estypes.SortResults | undefined;
  for (;;) {
    const response = await client.search<Partial<Opening>>({
      index,
      ...plan.request,
      _source: OPENING_FIELDS,
      // Every sort ends with the id tie-break, so the last sort values mark a unique position.
      ...(after ? { search_after: after } : {}),
    });
    const hits = response.hits.hits;
    for (const hit of hits) {
      const source = hit._source ?? {};
      if (matchesOpening({ hours: source.hours ?? {}, timeZone: source.timeZone, blackoutDates: source.blackoutDates ?? [] }, opening, at)) passing.push(hit);
    }
    if (hits.length < batch) break;
    after = hits[hits.length - 1].sort;
  }
  const page = passing.slice(Math.max(0, offset), Math.max(0, offset) + Math.max(0, limit));
  const documents = new Map<string, SearchDocument>();
  if (page.length > 0) {
    const { docs } = await client.mget<SearchDocument>({ index, ids: page.map((hit) => hit._id as string), _source_excludes: INDEX_ONLY_FIELDS });
    for (const doc of docs) if ('found' in doc && doc.found && doc._source) documents.set(doc._id, doc._source);
  }
  const pageHits = page.map((hit) => ({ ...hit, _source: documents.get(hit._id as string) }));
  return searchResultFrom({ hits: { hits: pageHits, total: passing.length } }, plan);
}
