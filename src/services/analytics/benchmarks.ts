// GET /analytics/benchmarks: the business against its peers, the published businesses of its
// category (or `category`), optionally in one place (`location`), over the same local days.
// Peers are found through the search index (what is published and where, exactly as listings
// see it); their numbers come from the analytics store. Fewer than MIN_PEERS peers: no
// percentiles, so no one competitor's figures can be read off the answer.
import { MIN_PEERS, peerPercentiles, type PeerPercentiles } from '../../domain/analytics/peerPercentiles';
import { ratio } from '../../domain/analytics/rounding';
import { LISTING_RESULT_WINDOW } from '../../domain/search/listingWindow';
import type { Principal } from '../../domain/principal';
import type { AnalyticsQuestions, BusinessTotals } from '../../ports/analyticsStore';
import type { SearchIndex } from '../../ports/searchIndex';
import type { BenchmarksQuery } from '../../schemas/endpoints/analytics';
import type { AnalyticsAccess } from './analyticsAccess';
import { peerLocation } from './peerLocation';

const PEER_PAGE = 1000;

export const TOO_FEW_PEERS_REASON = `fewer than ${MIN_PEERS} peers: percentiles are withheld so no single competitor's numbers can be read off`;

interface Metrics {
  impressions: number;
  citations: number;
  conversionRate: number;
}

export interface Benchmarks {
  businessId: string;
  period: { start: string; end: string };
  yourMetrics: Metrics;
  benchmarks: {
    category: string;
    location: string | null;
    sampleSize: number;
    percentiles: { impressions: PeerPercentiles | null; citations: PeerPercentiles | null; conversionRate: PeerPercentiles | null };
    /** Set when percentiles are null: why. */
    percentilesWithheld?: string;
  };
}

function metricsOf(totals: BusinessTotals): Metrics {
  return { impressions: totals.impressions, citations: totals.citations, conversionRate: ratio(totals.convertedJourneys, totals.journeys) };
}

export function createBenchmarks(deps: { access: AnalyticsAccess; analytics: Pick<AnalyticsQuestions, 'businessTotals'>; searchIndex: Pick<SearchIndex, 'search'> }) {
  async function peerIds(principal: Principal, category: string, location: string | undefined, exclude: string): Promise<string[]> {
    const ids: string[] = [];
    const place = location ? peerLocation(location) : {};
    for (let offset = 0; offset < LISTING_RESULT_WINDOW; offset += PEER_PAGE) {
      const page = await deps.searchIndex.search({
        environment: principal.environment,
        categories: [category],
        ...place,
        sort: 'name',
        order: 'asc',
        limit: Math.min(PEER_PAGE, LISTING_RESULT_WINDOW - offset),
        offset,
      });
      for (const hit of page.hits) if (hit.fields.id !== exclude) ids.push(hit.fields.id);
      if (page.hits.length < PEER_PAGE) break;
    }
    return ids;
  }

  return async (principal: Principal, query: BenchmarksQuery): Promise<Benchmarks> => {
    const { profile, scope, period } = await deps.access(principal, query);
    const category = query.category?.trim() || profile.category;
    const peers = await peerIds(principal, category, query.location, profile.id);
    const totals = await deps.analytics.businessTotals({ environment: scope.environment, from: scope.from, to: scope.to, businessIds: [profile.id, ...peers] });
    const byId = new Map(totals.map((entry) => [entry.businessId, metricsOf(entry)]));
    const yours = byId.get(profile.id) as Metrics;
    const peerMetrics = peers.map((id) => byId.get(id) as Metrics);
    const enough = peers.length >= MIN_PEERS;
    const of = (key: keyof Metrics) => peerPercentiles(peerMetrics.map((m) => m[key]), yours[key]);
    return {
      businessId: profile.id,
      period,
      yourMetrics: yours,
      benchmarks: {
        category,
        location: query.location?.trim() || null,
        sampleSize: peers.length,
        percentiles: { impressions: of('impressions'), citations: of('citations'), conversionRate: of('conversionRate') },
        ...(!enough && { percentilesWithheld: TOO_FEW_PEERS_REASON }),
      },
    };
  };
}
