// SearchQuery -> Elasticsearch search request: a pure function with golden tests
// (test/unit/elasticsearch/). Text scores, filters never do; every sort key, the id tie-break
// included, runs in the requested direction, like the embedded index. Time filters (`opening`)
// are not part of the request: openingSearch.ts applies them to what it returns.
import type { estypes } from '@elastic/elasticsearch';
import { EXACT_TOTAL_BOUND, normalizeKeyword, postalKey, sortsByRelevance, type SearchQuery, stateKeywords } from '../../ports/searchIndex';
import { INDEX_ONLY_FIELDS, POSTAL_KEY_FIELD } from './indexedDocument';
import { queryText, type QueryText } from './queryText';

/** Field boosts, in the same proportions as the embedded index's bm25 weights. */
export const TEXT_FIELDS = ['name^4', 'category.text^3', 'categoryNames^3', 'servicesText^2', 'tagline^1.5', 'description', 'exclusiveText'];

/** The weight of a kind phrase (SearchQuery.categoryPhrases), a category match like the category fields'. */
const CATEGORY_PHRASE_BOOST = 3;

/** The index's `max_result_window` (mappings/profiles.json): deeper pages only report the total. */
export const MAX_RESULT_WINDOW = 10_000;

export interface SearchPlan {
  /** The request body fields (index excluded). */
  request: estypes.SearchRequest;
  /** Whether hits carry a text score worth normalising. */
  scored: boolean;
  /** Where in each hit's `sort` array the distance in km is, when the query had `near`. */
  distanceSortPosition: number | null;
}

/**
 * `exactTotalUpTo`: matches counted exactly (the port's EXACT_TOTAL_BOUND by default). Beyond it
 * the engine reports `relation: gte` and, more to the point, may stop visiting matches that cannot
 * reach the page: a bounded count lets it skip blocks of documents (block-max WAND for text
 * scores, competitive-value pruning under a field or distance sort) instead of touching every match.
 */
export function buildSearchRequest(query: SearchQuery, exactTotalUpTo: number = EXACT_TOTAL_BOUND): SearchPlan {
  const text = queryText(query.text, query.textComplete);
  const phrases = (query.categoryPhrases ?? []).filter((phrase) => phrase.trim() !== '');
  const matching = textClause(text, phrases);
  const scored = matching !== null && sortsByRelevance(query);
  const sort = sortKeys(query, matching !== null);
  let distanceSortPosition: number | null = null;
  if (query.near) {
    const byDistance = query.sort === 'distance';
    // Sorting by distance puts the distance first; otherwise a last key only reports it.
    distanceSortPosition = byDistance ? 0 : sort.length;
    const key = geoDistanceSort(query.near, byDistance ? query.order : 'asc');
    if (byDistance) sort.unshift(key);
    else sort.push(key);
  }
  const from = Math.max(0, Math.trunc(query.offset));
  const limit = Math.max(0, Math.trunc(query.limit));
  const inWindow = from < MAX_RESULT_WINDOW;
  const request: estypes.SearchRequest = {
    query: { bool: { ...(matching ? { must: [matching] } : {}), filter: filters(query) } },
    sort,
    from: inWindow ? from : 0,
    size: inWindow ? Math.min(limit, MAX_RESULT_WINDOW - from) : 0,
    track_total_hits: exactTotalUpTo,
    _source: { excludes: INDEX_ONLY_FIELDS },
    // Text scores are part of the answer only in relevance order (the port's contract); a field
    // sort leaves the text as a filter and skips scoring altogether.
    ...(scored ? { track_scores: true } : {}),
  };
  return { request, scored, distanceSortPosition };
}

/**
 * Any word may match; the last also as a prefix (bool_prefix) while it may still be being typed,
 * with the edge-ngram name field rewarding names that start with it. A kind the words imply
 * (`categoryPhrases`) matches as a phrase of the kinds' names only, like the embedded index's
 * category column: "pizza" finds a pizza restaurant that never says pizza, not every description
 * mentioning restaurants. No fuzziness: the embedded index has none, and the two must match the
 * same documents for the same query.
 */
function textClause(text: QueryText | null, phrases: readonly string[]): estypes.QueryDslQueryContainer | null {
  const alternatives: estypes.QueryDslQueryContainer[] = [];
  if (text) {
    alternatives.push({
      multi_match: { query: text.text, type: text.prefix ? 'bool_prefix' : 'most_fields', fields: TEXT_FIELDS, operator: 'or' },
    });
    if (text.prefix) alternatives.push({ match: { 'name.autocomplete': { query: text.prefix } } });
  }
  for (const phrase of phrases) alternatives.push({ match_phrase: { categoryNames: { query: phrase, boost: CATEGORY_PHRASE_BOOST } } });
  if (alternatives.length === 0) return null;
  if (alternatives.length === 1) return alternatives[0];
  return { bool: { should: alternatives, minimum_should_match: 1 } };
}

function filters(query: SearchQuery): estypes.QueryDslQueryContainer[] {
  const clauses: estypes.QueryDslQueryContainer[] = [{ term: { environment: query.environment } }];
  if (query.categories && query.categories.length > 0) clauses.push({ terms: { category: query.categories.map(normalizeKeyword) } });
  if (query.categoryKeys && query.categoryKeys.length > 0) clauses.push({ terms: { categoryKeys: [...new Set(query.categoryKeys)] } });
  if (query.city !== undefined) clauses.push({ term: { 'address.city': normalizeKeyword(query.city) } });
  if (query.state !== undefined) {
    const states = stateKeywords(query.state);
    clauses.push(states.length === 1 ? { term: { 'address.state': states[0] } } : { terms: { 'address.state': states } });
  }
  if (query.country !== undefined) clauses.push({ term: { 'address.country': normalizeKeyword(query.country) } });
  if (query.postalCode !== undefined) clauses.push({ term: { [POSTAL_KEY_FIELD]: postalKey(query.postalCode) } });
  if (query.verificationLevels && query.verificationLevels.length > 0) {
    clauses.push({ terms: { verificationLevel: [...query.verificationLevels] } });
  }
  // A document without a price has no minPrice field, so a range never matches it.
  if (query.maxPrice !== undefined) clauses.push({ range: { minPrice: { lte: query.maxPrice } } });
  if (query.minRating !== undefined) clauses.push({ range: { averageRating: { gte: query.minRating } } });
  if (query.minReviewCount !== undefined) clauses.push({ range: { reviewCount: { gte: query.minReviewCount } } });
  if (query.near) {
    clauses.push({ geo_distance: { distance: `${query.near.radiusKm}km`, location: { lat: query.near.lat, lon: query.near.lon } } });
  }
  return clauses;
}

function sortKeys(query: SearchQuery, hasText: boolean): estypes.SortCombinations[] {
  const order = query.order;
  const relevance: estypes.SortCombinations[] = hasText ? [{ _score: { order } }] : [{ aiVisibilityScore: { order } }];
  const keys = ((): estypes.SortCombinations[] => {
    switch (query.sort) {
      case 'relevance':
        return relevance;
      case 'distance':
        // With a point the distance key is added by the caller; without one there is no distance.
        return query.near ? [] : relevance;
      case 'aiVisibilityScore':
        return [{ aiVisibilityScore: { order } }];
      case 'rating':
        return [{ averageRating: { order } }, { reviewCount: { order } }];
      case 'name':
        return [{ 'name.sort': { order } }];
    }
  })();
  return [...keys, { id: { order } }];
}

function geoDistanceSort(point: { lat: number; lon: number }, order: 'asc' | 'desc'): estypes.SortCombinations {
  return { _geo_distance: { location: { lat: point.lat, lon: point.lon }, order, unit: 'km', distance_type: 'arc' } };
}
