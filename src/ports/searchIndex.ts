// The search index port. Adapters: adapters/sqlite (FTS5 + haversine, embedded default),
// adapters/elasticsearch. Both pass test/contract/searchIndex.contract.ts.
// The index only matches, filters, measures distance and scores text; the final
// consumer ranking (distance decay, rating, verification, personalisation) is
// domain/ranking.ts, applied to the candidates the index returns.
import type { Coordinates, Environment, VerificationLevel, WeeklyHours } from '../domain/profile';
import type { OpeningFilter } from '../domain/search/openingFilter';
import { withoutZipPlus4 } from '../domain/postalCode';
import { usState } from '../domain/search/usStates';

/** What the indexer writes for one published profile (see indexer/toSearchDocument.ts). */
export interface SearchDocument {
  id: string;
  environment: Environment;
  name: string;
  category: string;
  description: string;
  tagline: string;
  /** Service names, categories and descriptions joined. */
  servicesText: string;
  /** The four exclusive-content fields joined. */
  exclusiveText: string;
  address: { street: string; city: string; state: string; postalCode: string; country: string };
  coordinates?: Coordinates;
  phone: string;
  website: string;
  verificationLevel: VerificationLevel;
  averageRating: number;
  reviewCount: number;
  /** 0..100 profile completeness. */
  completeness: number;
  aiVisibilityScore: number;
  /** Lowest price among the services (any currency), for "cheap" / "under $20". */
  minPrice?: number;
  /** The currency code of the service that has minPrice, to show it ("from $13.50"). */
  minPriceCurrency?: string;
  hours: WeeklyHours;
  /** IANA zone derived from the coordinates. */
  timeZone?: string;
  blackoutDates: string[];
  updatedAt: string;
}

export type SearchSort = 'relevance' | 'distance' | 'aiVisibilityScore' | 'rating' | 'name';

export interface SearchQuery {
  environment: Environment;
  /** Free text; matched with stemming against name, category, services, tagline, description, exclusive text. */
  text?: string;
  /**
   * The text is finished words (consumer sentences), not typing in progress: its last word is not
   * also matched as a prefix. Default false: a listing's `q` may be typed as the user goes.
   */
  textComplete?: boolean;
  /** Any-of filter on category (exact, case-insensitive). */
  categories?: string[];
  city?: string;
  state?: string;
  country?: string;
  /** Postal code, compared as postalKey gives it ("78701" also finds "78701-1234", "M5V 2T6" = "m5v2t6"). */
  postalCode?: string;
  verificationLevels?: VerificationLevel[];
  /** Keep only documents within radiusKm of the point; results carry distanceKm. */
  near?: { lat: number; lon: number; radiusKm: number };
  maxPrice?: number;
  minRating?: number;
  /** "with more than 100 reviews": at least this many reviews. */
  minReviewCount?: number;
  /** Keep only businesses open as asked, in their own time zone (domain/search/openingFilter.ts). */
  opening?: OpeningFilter;
  sort: SearchSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The document fields consumer ranking reads from every candidate (domain/search/ranking.ts). A
 * search returns many more candidates than it shows: these are cheap to read for all of them,
 * while the whole document is read only for the hits that need their text, hours or details.
 */
export interface RankingFields {
  id: string;
  /** The category as keyword filters compare it (normalizeKeyword). */
  categoryKey: string;
  verificationLevel: VerificationLevel;
  averageRating: number;
  reviewCount: number;
  completeness: number;
  minPrice?: number;
}

/** Keyword filters are exact but case-insensitive: both sides of a comparison go through this. */
export function normalizeKeyword(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * A postal code as filters compare it: lower case without spaces, and a US ZIP+4 as its five-digit
 * ZIP, so a search for "78701" finds an address written "78701-1234".
 */
export function postalKey(value: string): string {
  return withoutZipPlus4(normalizeKeyword(value).replace(/\s+/g, ''));
}

/**
 * What a `state` filter matches, any of: the state as given and, for a US state, its name and
 * postal abbreviation too, so `Texas` and `TX` find the same businesses however their addresses
 * spell it. Normalised with normalizeKeyword.
 */
export function stateKeywords(state: string): string[] {
  const keywords = [normalizeKeyword(state)];
  const us = usState(state);
  if (us) keywords.push(us.name, us.abbreviation.toLowerCase());
  return [...new Set(keywords)];
}

export function rankingFieldsOf(doc: SearchDocument): RankingFields {
  const fields: RankingFields = {
    id: doc.id,
    categoryKey: normalizeKeyword(doc.category),
    verificationLevel: doc.verificationLevel,
    averageRating: doc.averageRating,
    reviewCount: doc.reviewCount,
    completeness: doc.completeness,
  };
  if (doc.minPrice !== undefined) fields.minPrice = doc.minPrice;
  return fields;
}

export interface SearchHit {
  /** The whole document. An adapter may build it on first read; `fields` never costs that. */
  readonly document: SearchDocument;
  /** Equal to `rankingFieldsOf(document)`. */
  fields: RankingFields;
  /**
   * Engine text relevance, normalised to 0..1 within the page (1 = best). 0 without text, and 0
   * when the query sorts by a field (see sortsByRelevance): the text then only filters, and
   * neither engine spends time scoring every match.
   */
  textScore: number;
  /** Present when the query had `near` and the document has coordinates. */
  distanceKm?: number;
}

/**
 * Counts are exact at least up to this many matches. Beyond it an adapter may stop counting and
 * report a lower bound with `totalIsEstimate` (as web search engines do): counting every one of a
 * million matches would cost more than finding the page asked for.
 */
export const EXACT_TOTAL_BOUND = 10_000;

export interface SearchResult {
  hits: SearchHit[];
  /** The number of matches: exact, or a lower bound of at least EXACT_TOTAL_BOUND when totalIsEstimate. */
  total: number;
  /** True when `total` is a lower bound (more matches than the adapter counted exactly). */
  totalIsEstimate: boolean;
}

export interface BulkFailure {
  id: string;
  reason: string;
}

export type IndexAction =
  | { type: 'upsert'; document: SearchDocument }
  | { type: 'delete'; environment: Environment; id: string };

export interface SearchIndex {
  /** Applies the actions; resolves only when the index acknowledged them (visible to search). */
  apply(actions: IndexAction[]): Promise<{ failures: BulkFailure[] }>;
  search(query: SearchQuery): Promise<SearchResult>;
  get(environment: Environment, id: string): Promise<SearchDocument | null>;
  count(environment?: Environment): Promise<number>;
  /** Builds a fresh index, lets `fill` write into it, then swaps it in atomically. */
  rebuild(fill: (write: (actions: IndexAction[]) => Promise<{ failures: BulkFailure[] }>) => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Whether hits come back in text relevance order (when the query has text): the only case with text scores. */
export function sortsByRelevance(query: Pick<SearchQuery, 'sort' | 'near'>): boolean {
  // Without a point a distance sort falls back to relevance.
  return query.sort === 'relevance' || (query.sort === 'distance' && !query.near);
}
