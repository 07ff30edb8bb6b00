// The candidates consumer ranking orders, and how many businesses matched.
//
// Time filters ("open now", "open on Sunday", "open late") need each business's hours, time zone
// and blackout dates, so they run on the candidates after the index. When too few of the first
// window pass to fill the requested page, the search looks once more, in a window
// TIME_FILTER_WINDOW_GROWTH times larger. The total is exact once every match was checked;
// otherwise it is estimated from the share of the checked matches that passed.
import type { SearchIntent } from '../../domain/search/intent';
import type { MatchCount } from '../../domain/search/matchCount';
import type { RankInput } from '../../domain/search/ranking';
import type { SearchHit, SearchIndex, SearchQuery } from '../../ports/searchIndex';
import { matchesWhen } from './whenFilter';

/**
 * One larger window, not a series: each match checked costs reading and parsing its document
 * (about 25 µs with the index read), so 1 100 matches that all fail ("ramen open now" at 5 am in
 * Los Angeles) would cost 30 ms to check in full. Four times the first window bounds that at
 * about 10 ms.
 */
export const TIME_FILTER_WINDOW_GROWTH = 4;

export interface ConsumerCandidates {
  candidates: RankInput[];
  total: MatchCount;
  /** Matches beyond the candidates may pass, and the next page would check them. */
  moreBeyond: boolean;
}

/**
 * @param query the index query; its `limit` is the first window
 * @param needed offset + limit of the requested page
 */
export async function findConsumerCandidates(
  index: SearchIndex,
  query: SearchQuery,
  when: SearchIntent['when'],
  now: Date,
  needed: number,
): Promise<ConsumerCandidates> {
  const first = await index.search(query);
  if (!when) return { candidates: first.hits, total: { count: first.total, estimated: false }, moreBeyond: first.hits.length < first.total };
  // Checked once per business: the larger window repeats the first one's matches.
  const passes = new Map<string, boolean>();
  const check = (hits: SearchHit[]): SearchHit[] =>
    hits.filter((hit) => {
      let passed = passes.get(hit.fields.id);
      if (passed === undefined) passes.set(hit.fields.id, (passed = matchesWhen(hit.document, when, now)));
      return passed;
    });
  let found = first;
  let candidates = check(found.hits);
  const grow = candidates.length < needed && found.hits.length < found.total;
  if (grow) {
    found = await index.search({ ...query, limit: query.limit * TIME_FILTER_WINDOW_GROWTH });
    candidates = check(found.hits);
  }
  const checked = found.hits.length;
  if (checked >= found.total) return { candidates, total: { count: candidates.length, estimated: false }, moreBeyond: false };
  const estimate = Math.round((candidates.length / checked) * found.total);
  return { candidates, total: { count: Math.max(candidates.length, estimate), estimated: true }, moreBeyond: !grow };
}
