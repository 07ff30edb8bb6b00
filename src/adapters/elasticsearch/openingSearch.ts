// Time filters on Elasticsearch. The engine finds the matches of the query's other conditions, in
// the query's order, returning only each one's schedule code (a doc value, indexedDocument.ts);
// the domain's rules (openingFilter.ts) keep the businesses that pass, so the total and every page
// are exact and agree with the embedded index; the page's documents are then read by id. The cost
// grows with the matches of the other conditions, read SCAN_BATCH at a time. Running the rules
// inside the engine would need Painless, which the only Elasticsearch 8 on Maven Central (the test
// engine) lacks: rules there could not be tested against these.
import type { Client, estypes } from '@elastic/elasticsearch';
import { matchesOpening, type Opening, type OpeningFilter, scheduleMatcher } from '../../domain/search/openingFilter';
import type { SearchDocument, SearchQuery, SearchResult } from '../../ports/searchIndex';
import { INDEX_ONLY_FIELDS, SCHEDULE_FIELD } from './indexedDocument';
import { buildSearchRequest } from './queryBuilder';
import { searchResultFrom } from './searchHits';

const SCAN_BATCH = 5000;
/** What the rules read, for documents indexed before they carried a schedule code. */
const OPENING_FIELDS = ['hours', 'timeZone', 'blackoutDates'];

type ScannedHit = estypes.SearchHit<unknown>;

export async function searchWithOpening(
  client: Client,
  index: string,
  query: SearchQuery & { opening: OpeningFilter },
  batch: number = SCAN_BATCH,
): Promise<SearchResult> {
  const { opening, offset, limit, ...rest } = query;
  const plan = buildSearchRequest({ ...rest, offset: 0, limit: batch });
  const at = new Date(opening.at);
  const matches = scheduleMatcher(opening);
  const passing: ScannedHit[] = [];
  let after: estypes.SortResults | undefined;
  for (;;) {
    const response = await client.search({
      index,
      ...plan.request,
      _source: false,
      docvalue_fields: [SCHEDULE_FIELD],
      // Every sort ends with the id tie-break, so the last sort values mark a unique position.
      ...(after ? { search_after: after } : {}),
    });
    const hits = response.hits.hits;
    const unscheduled = await openingsOf(client, index, hits.filter((hit) => scheduleOf(hit) === undefined));
    for (const hit of hits) {
      const code = scheduleOf(hit);
      const source = code === undefined ? unscheduled.get(hit._id as string) : undefined;
      if (code !== undefined ? matches(code) : source !== undefined && matchesOpening(source, opening, at)) passing.push(hit);
    }
    if (hits.length < batch) break;
    after = hits[hits.length - 1].sort;
  }

  const page = passing.slice(Math.max(0, offset), Math.max(0, offset) + Math.max(0, limit));
  const documents = await readById<SearchDocument>(client, index, page, { _source_excludes: INDEX_ONLY_FIELDS });
  const pageHits = page.map((hit) => ({ ...hit, _source: documents.get(hit._id as string) }));
  return searchResultFrom({ hits: { hits: pageHits, total: passing.length } } as unknown as estypes.SearchResponse<SearchDocument>, plan);
}

function scheduleOf(hit: ScannedHit): string | undefined {
  const values = hit.fields?.[SCHEDULE_FIELD] as string[] | undefined;
  return values?.[0];
}

/** The opening fields of documents indexed before they carried a schedule code (until a reindex). */
function openingsOf(client: Client, index: string, hits: ScannedHit[]): Promise<Map<string, Opening>> {
  return readById<Opening>(client, index, hits, { _source_includes: OPENING_FIELDS });
}

async function readById<T>(client: Client, index: string, hits: ScannedHit[], source: Pick<estypes.MgetRequest, '_source_includes' | '_source_excludes'>): Promise<Map<string, T>> {
  if (hits.length === 0) return new Map();
  const { docs } = await client.mget<T>({ index, ids: hits.map((hit) => hit._id as string), ...source });
  return new Map(docs.flatMap((doc) => ('found' in doc && doc.found && doc._source ? [[doc._id, doc._source] as const] : [])));
}
