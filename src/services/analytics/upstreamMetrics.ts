// GET /analytics/upstream-metrics: how often AI answers showed, cited and compared the business,
// per platform and over time (spec 4.4), plus averagePosition (ours, beyond the spec).
import type { Static } from 'typebox';
import type { upstreamMetricsResponse } from '../../schemas/responses/analytics';
import { ratio, rounded } from '../../domain/analytics/rounding';
import { bucketSeries } from '../../domain/analytics/timeBuckets';
import type { Principal } from '../../domain/principal';
import type { AnalyticsQuestions, VisibilityCounts } from '../../ports/analyticsStore';
import type { UpstreamMetricsQuery } from '../../schemas/endpoints/analytics';
import type { AnalyticsAccess } from './analyticsAccess';

/** The answer, as its schema describes it. */
export type UpstreamMetrics = Static<typeof upstreamMetricsResponse>;

type CrawlTotals = VisibilityCounts['crawls'] & { total: number };

/** Crawler fetches of the public page with their sum. */
function crawlTotals(counts: VisibilityCounts): CrawlTotals {
  const { training, search, user } = counts.crawls;
  return { total: training + search + user, training, search, user };
}

/** Mean 1-based rank, 2 decimals; null without ranked impressions. */
function averagePosition(counts: VisibilityCounts): number | null {
  return counts.positionCount === 0 ? null : rounded(counts.positionSum / counts.positionCount, 2);
}

export function createUpstreamMetrics(deps: { access: AnalyticsAccess; analytics: Pick<AnalyticsQuestions, 'visibility'> }) {
  return async (principal: Principal, query: UpstreamMetricsQuery): Promise<UpstreamMetrics> => {
    const { scope, period } = await deps.access(principal, query);
    const facts = await deps.analytics.visibility({ ...scope, platform: query.platform });
    const { totals } = facts;
    return {
      businessId: scope.businessId,
      period,
      metrics: {
        impressions: totals.impressions,
        citations: totals.citations,
        comparisons: totals.comparisons,
        zeroClick: totals.zeroClick,
        averagePosition: averagePosition(totals),
        crawls: crawlTotals(totals),
      },
      platforms: facts.platforms
        .map((platform) => ({
          name: platform.name,
          impressions: platform.impressions,
          citations: platform.citations,
          share: ratio(platform.impressions, totals.impressions),
          averagePosition: averagePosition(platform),
          crawls: crawlTotals(platform),
        }))
        .sort((a, b) => b.impressions - a.impressions || a.name.localeCompare(b.name)),
      timeSeries: bucketSeries(facts.days, scope.from, scope.to, query.granularity),
    };
  };
}
