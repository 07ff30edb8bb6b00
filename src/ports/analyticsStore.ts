// The analytics port: where AI-visibility events are kept and the four analytics
// questions are answered. Adapters: adapters/sqlite/analytics (embedded default, its own file
// under DATA_DIR) and adapters/elasticsearch/analytics (a data stream). Rules every adapter keeps
// (test/contract/analyticsStore.contract.ts):
// - append is atomic per call: every new event of the call is stored, or none is;
// - an event whose (environment, reporter ?? '', eventId) is already stored is a duplicate: it is
//   counted in `duplicates` and changes nothing (a repeat inside one call too);
// - days are the business's local days (AnalyticsEvent.localDate), periods are inclusive;
// - daily counts survive the purge of raw events (rollups), the journey questions do not.
import type { AnalyticsEvent } from '../domain/analytics/analyticsEvent';
import type { Environment } from '../domain/profile';
import type { BusinessTotals, ConvertedJourney, JourneyFacts, VisibilityFacts } from '../domain/analytics/analyticsFacts';
import type { Revenue } from '../domain/analytics/revenue';

export type { BusinessTotals, ConvertedJourney, JourneyFacts, JourneyStage, TouchpointType, VisibilityCounts, VisibilityFacts } from '../domain/analytics/analyticsFacts';

export interface AppendResult {
  /** Events stored by this call. */
  accepted: number;
  /** Events ignored because their key was already stored (before or earlier in the same call). */
  duplicates: number;
}

export interface AnalyticsStore extends AnalyticsQuestions {
  /**
   * Stores a batch in one atomic step. Throws ValidationError (naming `events[i].field`) when an
   * event is malformed, before anything is stored; UnavailableError when the engine is down.
   */
  append(events: AnalyticsEvent[]): Promise<AppendResult>;
  /**
   * Counts in the rollups any stored events that an interrupted append (a process killed after
   * storing them) left uncounted, among those stored at least `olderThanMs` ago; idempotent, safe
   * to run from several processes at once. Stores whose append updates the rollups in the same
   * transaction have nothing to do.
   */
  catchUpRollups(olderThanMs: number): Promise<{ batches: number; events: number }>;
  /** Deletes raw events older than `before` (daily rollups are kept); returns how many went. */
  purgeRawEvents(before: Date): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Which business, partition and inclusive range of the business's local days a question covers. */
export interface AnalyticsScope {
  environment: Environment;
  businessId: string;
  /** YYYY-MM-DD, local day of the business, inclusive. */
  from: string;
  /** YYYY-MM-DD, local day of the business, inclusive. */
  to: string;
}

/** The questions behind the four analytics endpoints (services/analytics/ shapes the answers). */
export interface AnalyticsQuestions {
  /** Counts from daily rollups; `platform` keeps one platform's events only. */
  visibility(scope: AnalyticsScope & { platform?: string }): Promise<VisibilityFacts>;
  /** Every journey with an event in the scope (events without a journeyId belong to none). */
  journeys(scope: AnalyticsScope): Promise<JourneyFacts[]>;
  /** Journeys whose first conversion in the scope has at least one event before it in the scope. */
  convertedJourneys(scope: AnalyticsScope): Promise<ConvertedJourney[]>;
  /** What the conversions of the scope's journeys carried, summed per currency (by currency; journey-less conversions left out, as in journeys()). */
  revenue(scope: AnalyticsScope): Promise<Revenue[]>;
  /** Per-business totals for peer comparison; businesses without events come back as zeros. */
  businessTotals(query: Omit<AnalyticsScope, 'businessId'> & { businessIds: string[] }): Promise<BusinessTotals[]>;
}
