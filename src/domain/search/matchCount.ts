/**
 * How many businesses matched a search. `estimated` when only part of the matches could be
 * checked against a condition the index cannot apply (consumer time filters): the count is then
 * the share that passed, scaled to all matches.
 */
export interface MatchCount {
  count: number;
  estimated: boolean;
}

/** A plain number is an exact count. */
export function matchCountOf(total: number | MatchCount): MatchCount {
  return typeof total === 'number' ? { count: total, estimated: false } : total;
}
