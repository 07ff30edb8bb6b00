// One analytics event: what an AI-visibility number is counted from. Recorded by the
// service itself on every answer it gives (impression, citation, comparison), by the tracked
// redirect (website_visit), by bookings (conversion), or ingested from partners and businesses.
// No IP address, user agent or account e-mail is ever part of an event.
import type { Environment } from '../profile';

export const ANALYTICS_EVENT_TYPES = ['impression', 'citation', 'comparison', 'profile_view', 'website_visit', 'conversion', 'crawl'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Where the answer that produced the event was given. */
export const ANALYTICS_SURFACES = ['consumer', 'partner', 'mcp', 'graphql', 'redirect', 'booking', 'ingested', 'page'] as const;
export type AnalyticsSurface = (typeof ANALYTICS_SURFACES)[number];

/**
 * Why an AI crawler fetched a public page (crawl events), as its user agent says: to train a model,
 * to index for an AI search, or on behalf of a person asking an assistant right now.
 */
export const CRAWL_PURPOSES = ['training', 'search', 'user'] as const;
export type CrawlPurpose = (typeof CRAWL_PURPOSES)[number];

/** The platforms every deployment knows; admins may register more (see the platform registry). */
export const BUILT_IN_PLATFORMS = ['chatgpt', 'claude', 'gemini', 'perplexity', 'copilot', 'meta_ai', 'other'] as const;
/** What a call is attributed to when the caller declared no platform. */
export const DIRECT_PLATFORM = 'direct';

export interface AnalyticsEvent {
  /**
   * De-duplication key, unique per (environment, reporter): the client's own id for ingested
   * events, a generated `evt_` id for events the service records itself.
   */
  eventId: string;
  type: AnalyticsEventType;
  businessId: string;
  environment: Environment;
  /** ISO 8601 UTC. */
  timestamp: string;
  /**
   * The business's own local day of `timestamp`, YYYY-MM-DD (localDateOf(timestamp, zone) from
   * domain/localTime.ts with timeZoneAt(profile coordinates)). Analytics days, weeks and
   * months are the business's local ones; the store keys its daily rollups by this date.
   */
  localDate: string;
  platform: string;
  /** The consumer's session id (X-Session-ID / sessionId); with businessId it names one journey. */
  journeyId?: string;
  /** Normalised query text (trimmed, lower-cased, white space folded). */
  query?: string;
  surface: AnalyticsSurface;
  /** Impressions only: the business's 1-based rank among the businesses of the answer. */
  position?: number;
  /** Conversions only: value in major units of `currency` (ISO 4217). */
  value?: number;
  currency?: string;
  /** Crawl events only: why the crawler fetched the page. */
  crawlPurpose?: CrawlPurpose;
  /** Account that reported an ingested event (its eventIds are its own namespace); absent for recorded ones. */
  reporter?: string;
}
