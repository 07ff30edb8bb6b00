// What the analytics questions are answered from: counts of visibility and the facts of journeys,
// as every analytics store adapter returns them (ports/analyticsStore.ts re-exports them) and the
// domain's attribution, stage and summary logic reads them.
import type { AnalyticsEventType } from './analyticsEvent';
import type { Revenue } from './revenue';

/** An event of a journey before its conversion: what attribution credits. */
export type TouchpointType = Exclude<AnalyticsEventType, 'conversion' | 'crawl'>;

/** Counts of one slice of visibility; positions give averagePosition = positionSum / positionCount. */
export interface VisibilityCounts {
  impressions: number;
  citations: number;
  comparisons: number;
  /** Impressions with no website_visit or conversion of their journey within 30 minutes after. */
  zeroClick: number;
  /** Sum of the 1-based ranks of the impressions that carried one. */
  positionSum: number;
  positionCount: number;
  /** Public page fetches by AI crawlers, by why they fetched (training, search, a person's request). */
  crawls: CrawlCounts;
}

export interface CrawlCounts {
  training: number;
  search: number;
  user: number;
}

export interface VisibilityFacts {
  totals: VisibilityCounts;
  /** One entry per platform with any event in the scope, by name. */
  platforms: Array<VisibilityCounts & { name: string }>;
  /** Local days with impressions or citations, ascending (empty days are absent). */
  days: Array<{ date: string; impressions: number; citations: number }>;
}

export type JourneyStage = 'awareness' | 'consideration' | 'intent' | 'conversion';

/** One journey (journeyId + business) as seen through its events inside the scope. */
export interface JourneyFacts {
  journeyId: string;
  /** Furthest stage its events reached. */
  stage: JourneyStage;
  /** Its events in the scope, every type. */
  touchpoints: number;
  /** Epoch milliseconds of its first and last event in the scope. */
  firstAt: number;
  lastAt: number;
  /** The distinct queries its events carried. */
  queries: string[];
}

/** What gets credit for a conversion: the events before a journey's first conversion, in order. */
export interface ConvertedJourney {
  journeyId: string;
  touchpoints: Array<{ type: TouchpointType; platform: string }>;
  /** What its conversions in the scope carried, per currency (empty when none carried a value). */
  revenue: Revenue[];
}

export interface BusinessTotals {
  businessId: string;
  impressions: number;
  citations: number;
  journeys: number;
  convertedJourneys: number;
}
