// Pure translation of an understood consumer query into an index query: what to match,
// where, and which hard filters apply. Ranking happens after, on the candidates.
import { parseRadius } from '../../domain/distance';
import type { VerificationLevel } from '../../domain/profile';
import type { SearchIntent } from '../../domain/search/intent';
import { findUsCity } from '../../domain/search/usCities';
import type { Environment } from '../../domain/profile';
import type { SearchQuery } from '../../ports/searchIndex';

export const DEFAULT_RADIUS = '50km';
/** Radius around a city centre named with "near X" when no coordinates were given. */
const NEAR_CITY_RADIUS_KM = 25;
/**
 * Best text matches the ranking reorders per request (offset + limit of them when that is more,
 * so every offset stays reachable). Ten times the default page: deep enough for distance,
 * rating and personalisation to reorder it, while reading and parsing the candidates stays a
 * fraction of the index query (200 cost 1.2 ms more per search at 100 000 businesses).
 */
export const CANDIDATE_POOL = 100;

const VERIFIED_LEVELS: VerificationLevel[] = ['verified', 'premium', 'certified'];

export interface ConsumerSearchInput {
  query: string;
  category?: string;
  location?: { lat: number; lon: number; distance?: string };
  limit: number;
  offset: number;
}

export interface ConsumerPlan {
  indexQuery: SearchQuery;
  radiusKm?: number;
}

/** Words the index should match: leftover terms, specific services and the categories they imply. */
export function searchText(intent: SearchIntent): string {
  return [...intent.terms, ...intent.serviceTerms, ...intent.categories].join(' ').trim();
}

/** "near Denver" or "near downtown Denver" (the qualifier is not a city): the named city's centre. */
function nearCentre(place: NonNullable<SearchIntent['place']>): { lat: number; lon: number } | undefined {
  const city = findUsCity(place.near ?? '', place.state) ?? (place.city ? findUsCity(place.city, place.state) : undefined);
  return city?.centre;
}

/** @param now the instant "open now" and "today" refer to */
export function planConsumerSearch(environment: Environment, input: ConsumerSearchInput, intent: SearchIntent, now: Date): ConsumerPlan {
  const text = searchText(intent);
  const query: SearchQuery = {
    environment,
    // A sentence is complete: its last word gets no typeahead prefix match (the last word is often
    // an implied category, already matched as a synonym, and a prefix costs a vocabulary range).
    ...(text !== '' && { text, textComplete: true }),
    ...(input.category !== undefined && { categories: [input.category] }),
    sort: text !== '' ? 'relevance' : 'distance',
    order: 'desc',
    limit: Math.max(CANDIDATE_POOL, input.offset + input.limit),
    offset: 0,
  };
  let radiusKm: number | undefined;
  const centre = intent.place?.near ? nearCentre(intent.place) : undefined;
  if (input.location) {
    radiusKm = parseRadius(input.location.distance ?? DEFAULT_RADIUS) ?? 50;
    query.near = { lat: input.location.lat, lon: input.location.lon, radiusKm };
  } else if (centre) {
    radiusKm = NEAR_CITY_RADIUS_KM;
    query.near = { ...centre, radiusKm };
  } else if (intent.place) {
    if (intent.place.city) query.city = intent.place.city;
    if (intent.place.state) query.state = intent.place.state;
    if (intent.place.postalCode) query.postalCode = intent.place.postalCode;
  }
  if (!query.near && query.sort === 'distance') query.sort = 'aiVisibilityScore';
  // Nearest first; every other sort puts the best first.
  query.order = query.sort === 'distance' ? 'asc' : 'desc';
  if (intent.price?.maxAmount !== undefined) query.maxPrice = intent.price.maxAmount;
  if (intent.quality?.minRating !== undefined) query.minRating = intent.quality.minRating;
  if (intent.quality?.verifiedOnly) query.verificationLevels = VERIFIED_LEVELS;
  // Opening hours have minute resolution: the same minute gives the same answer (and cached totals).
  if (intent.when) query.opening = { at: new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString(), ...intent.when };
  return { indexQuery: query, ...(radiusKm !== undefined && { radiusKm }) };
}
