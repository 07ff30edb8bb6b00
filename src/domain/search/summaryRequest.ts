// What a consumer search summary is written from: the sentence, how it was understood, the request's own filters.
import type { SearchIntent } from './intent';

/** What the caller asked: the sentence, what it was understood as, and the request's own filters. */
export interface SummaryRequest {
  query: string;
  intent: SearchIntent;
  /** The circle searched: the request's location or a "near <city>" centre. Absent for city filters. */
  radiusKm?: number;
  /** The request's `category` filter. */
  category?: string;
  /** Results skipped before this page; absent or 0 on the first page. */
  offset?: number;
  /**
   * None of the businesses found is what the sentence asked for (queryMatch.ts): the text then
   * says so first, and shows what was found as other places.
   */
  noneMatch?: boolean;
  /**
   * The kinds the sentence named filtered every business away, so the search ran without that
   * filter (services/search/kindFallback.ts): the text says so first.
   */
  widened?: boolean;
  /** The sentence names nothing to look for (only stop words, symbols or emoji): nothing was searched. */
  nothingAsked?: boolean;
}
