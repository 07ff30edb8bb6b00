// The search index port. Adapters: adapters/sqlite (FTS5 + haversine, embedded default),
// adapters/elasticsearch. Both pass test/contract/searchIndex.contract.ts.
// The index only matches, filters, measures distance and scores text; the final
// consumer ranking (distance decay, rating, verification, personalisation) is
// domain/ranking.ts, applied to the candidates the index returns.
import type { Environment, VerificationLevel } from '../domain/profile';
import type { OpeningFilter } from '../domain/search/openingFilter';
import type { SearchDocument, SearchHit } from '../domain/search/searchDocument';

export { normalizeKeyword, postalKey, rankingFieldsOf, stateKeywords } from '../domain/search/searchDocument';
export type { RankingFields, SearchDocument, SearchHit } from '../domain/search/searchDocument';

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
  /** Any-of filter on taxonomy keys: a document matches when one of its categoryKeys is listed. */
  categoryKeys?: string[];
  /**
   * Kinds the words imply, as phrases ("pizza restaurant") matched in the category text only (the
   * label and the kinds' names): a document of such a kind matches and scores as a category match,
   * as a word found in its category would. They widen a text query, never filter.
   */
  categoryPhrases?: string[];
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

export { EXACT_TOTAL_BOUND } from '../domain/search/exactTotalBound';

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
  /**
   * Which of these words (lower case, letters only) some searchable business of the environment
   * contains, matched as its text is (stemmed, accents folded): one lookup for typo correction
   * (services/search/typoCorrection.ts) instead of a search per word. Optional: without it, a search per word.
   */
  heldWords?(environment: Environment, words: readonly string[]): Promise<ReadonlySet<string>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Whether hits come back in text relevance order (when the query has text): the only case with text scores. */
export function sortsByRelevance(query: Pick<SearchQuery, 'sort' | 'near'>): boolean {
  // Without a point a distance sort falls back to relevance.
  return query.sort === 'relevance' || (query.sort === 'distance' && !query.near);
}
