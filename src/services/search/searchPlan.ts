// Pure translation of an understood consumer query into an index query: what to match,
// where, and which hard filters apply. Ranking happens after, on the candidates.
import { parseRadius } from '../../domain/distance';
import type { VerificationLevel } from '../../domain/profile';
import { withBroaderKinds } from '../../domain/categories/taxonomy';
import { kindPhrases, kindWords, matchCategoryWords, namedKindFilter, requestCategoryFilter } from '../../domain/search/categoryWords';
import { isFillerWord, type SearchIntent } from '../../domain/search/intent';
import { findUsCity } from '../../domain/search/usCities';
import type { Environment } from '../../domain/profile';
import type { SearchQuery } from '../../ports/searchIndex';
import type { ConsumerSearchBody } from '../../schemas/endpoints/consumerSearch';

/** Radius around a city centre named with "near X". */
const NEAR_CITY_RADIUS_KM = 25;
/** Farther than any two points on Earth are apart: a circle this wide only measures distances. */
export const WHOLE_EARTH_KM = 20_040;
/**
 * Best text matches the ranking reorders per request (offset + limit of them when that is more,
 * so every offset stays reachable). Ten times the default page: deep enough for distance,
 * rating and personalisation to reorder it, while reading and parsing the candidates stays a
 * fraction of the index query (200 cost 1.2 ms more per search at 100 000 businesses).
 */
export const CANDIDATE_POOL = 100;

const VERIFIED_LEVELS: VerificationLevel[] = ['verified', 'premium', 'certified'];

/**
 * A consumer search as its body asks for it (checked, defaults applied), and the caller's
 * language, a schema locale from Accept-Language ("es", "pt-BR"): it decides a tie between the
 * sentence's languages.
 */
export type ConsumerSearchInput = ConsumerSearchBody & { language?: string };

export interface ConsumerPlan {
  indexQuery: SearchQuery;
  /** The circle searched: the request's location or a "near <city>" centre. Absent for place filters. */
  radiusKm?: number;
  /** The scale of ranking's distance decay: the circle searched, else the request's radius. */
  rankingRadiusKm?: number;
}

/**
 * Words the index should match (any of them): leftover terms, the search terms that implied a kind
 * and the one-word names of kinds. The kinds themselves are `categoryPhrases` (searchPhrases): a
 * business of an implied kind matches through its category text, never through a filter
 * ("breakfast" finds restaurants and the bakery that lists breakfast; a named kind also filters).
 */
export function searchText(intent: SearchIntent): string {
  // A phrase ("coffee shop", "urgent care") is left to its kind: its words alone ("shop",
  // "care") would match half the index.
  const kindWords = (intent.categoryWords ?? []).filter((word) => !word.includes(' '));
  return [...intent.terms, ...intent.serviceTerms, ...kindWords].join(' ').trim();
}

/**
 * The kinds the words name or imply, and their broader kinds, as the phrases the category text
 * holds ("ramen restaurant", "restaurant"): a ramen bar ranks first, and the other restaurants near
 * by are still found, marked as not what was asked for (queryMatch.ts) when they never mention it.
 */
export function searchPhrases(intent: SearchIntent): string[] {
  return kindPhrases(withBroaderKinds(intent.categories));
}

/**
 * The category filter: the request's `category` when sent (it wins: its kinds, or its label when the
 * taxonomy does not know it), else the kinds the sentence named ("dentist near me") with their
 * related kinds. A kind only implied ("breakfast", "pizza") never filters.
 */
export function categoryFilter(input: Pick<ConsumerSearchInput, 'category' | 'language'>, intent: SearchIntent): Pick<SearchQuery, 'categories' | 'categoryKeys'> {
  if (input.category !== undefined) return requestCategoryFilter(input.category, input.language);
  return intent.namedCategories?.length ? { categoryKeys: namedKindFilter(intent.namedCategories) } : {};
}

/**
 * The sentence asks for nothing but kinds it named ("dentist near me", "bakery or cafe"): the
 * category filter says it all, so nothing is left to match as text and the nearest come first.
 */
export function namesOnlyKinds(intent: SearchIntent): boolean {
  const named = intent.namedCategories ?? [];
  if (named.length === 0 || intent.terms.length > 0 || intent.serviceTerms.length > 0) return false;
  return intent.categories.every((category) => named.includes(category))
    && (intent.categoryWords ?? []).every((word) => matchCategoryWords(word, intent.language)?.kind === 'name');
}

/** "near Denver" or "near downtown Denver" (the qualifier is not a city): the named city's centre. */
function nearCentre(place: NonNullable<SearchIntent['place']>): { lat: number; lon: number } | undefined {
  const city = findUsCity(place.near ?? '', place.state) ?? (place.city ? findUsCity(place.city, place.state) : undefined);
  return city?.centre;
}

/** @param now the instant "open now" and "today" refer to */
export function planConsumerSearch(environment: Environment, input: ConsumerSearchInput, intent: SearchIntent, now: Date): ConsumerPlan {
  const filter = categoryFilter(input, intent);
  const kindsOnly = input.category === undefined && namesOnlyKinds(intent);
  // With the request's category in charge, a kind the sentence named is words again: its names and terms.
  const overridden = input.category !== undefined && intent.namedCategories?.length ? kindWords(intent.namedCategories).filter((word) => !isFillerWord(word)) : [];
  const text = kindsOnly ? '' : [...new Set([searchText(intent), ...overridden].join(' ').split(' ').filter(Boolean))].join(' ');
  const phrases = kindsOnly ? [] : searchPhrases(intent);
  const matched = text !== '' || phrases.length > 0;
  const query: SearchQuery = {
    environment,
    // A sentence is complete: its last word gets no typeahead prefix match (the last word is often
    // a kind's word, already matched by its kind, and a prefix costs a vocabulary range).
    ...(text !== '' && { text }),
    ...(matched && { textComplete: true }),
    ...(phrases.length > 0 && { categoryPhrases: phrases }),
    ...filter,
    sort: matched ? 'relevance' : 'distance',
    order: 'desc',
    limit: Math.max(CANDIDATE_POOL, input.offset + input.limit),
    offset: 0,
  };
  const requestRadiusKm = input.location ? (parseRadius(input.location.distance) ?? 50) : undefined;
  let radiusKm: number | undefined;
  const { place } = intent;
  const centre = place?.near ? nearCentre(place) : undefined;
  // A place only wins when it says where: a known centre, or a city, state or ZIP code to filter by
  // (a model may answer {near: "the mall"}, which names nowhere).
  const placeFilter = place && (place.city || place.state || place.postalCode) ? place : undefined;
  // A place the sentence names wins over the request's location, which apps send with every
  // search: "dentist in Seattle" typed in Austin means Seattle.
  if (centre) {
    radiusKm = NEAR_CITY_RADIUS_KM;
    query.near = { ...centre, radiusKm };
  } else if (placeFilter) {
    if (placeFilter.city) query.city = placeFilter.city;
    if (placeFilter.state) query.state = placeFilter.state;
    if (placeFilter.postalCode) query.postalCode = placeFilter.postalCode;
    // Distances are still measured from the caller, with no radius to cut them off.
    if (input.location) query.near = { lat: input.location.lat, lon: input.location.lon, radiusKm: WHOLE_EARTH_KM };
  } else if (input.location) {
    radiusKm = requestRadiusKm;
    query.near = { lat: input.location.lat, lon: input.location.lon, radiusKm: requestRadiusKm ?? 50 };
  }
  if (!query.near && query.sort === 'distance') query.sort = 'aiVisibilityScore';
  // Nearest first; every other sort puts the best first.
  query.order = query.sort === 'distance' ? 'asc' : 'desc';
  if (intent.price?.maxAmount !== undefined) query.maxPrice = intent.price.maxAmount;
  if (intent.quality?.minRating !== undefined) query.minRating = intent.quality.minRating;
  if (intent.quality?.minReviews !== undefined) query.minReviewCount = intent.quality.minReviews;
  if (intent.quality?.verifiedOnly) query.verificationLevels = VERIFIED_LEVELS;
  // Opening hours have minute resolution: the same minute gives the same answer (and cached totals).
  if (intent.when) query.opening = { at: new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString(), ...intent.when };
  const rankingRadiusKm = radiusKm ?? requestRadiusKm;
  return { indexQuery: query, ...(radiusKm !== undefined && { radiusKm }), ...(rankingRadiusKm !== undefined && { rankingRadiusKm }) };
}
