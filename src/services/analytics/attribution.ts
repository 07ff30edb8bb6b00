// GET /analytics/attribution: which touchpoints the period's conversions are credited to (spec 4.4).
import type { Static } from 'typebox';
import type { attributionResponse } from '../../schemas/responses/analytics';
import { attributeConversions } from '../../domain/analytics/attribution';
import { rounded } from '../../domain/analytics/rounding';
import type { Principal } from '../../domain/principal';
import type { AnalyticsQuestions } from '../../ports/analyticsStore';
import type { AttributionQuery } from '../../schemas/endpoints/analytics';
import type { AnalyticsAccess } from './analyticsAccess';

/** The answer, as its schema describes it. */
export type Attribution = Static<typeof attributionResponse>;

export function createAttribution(deps: { access: AnalyticsAccess; analytics: Pick<AnalyticsQuestions, 'convertedJourneys'> }) {
  return async (principal: Principal, query: AttributionQuery): Promise<Attribution> => {
    const { scope, period } = await deps.access(principal, query);
    const result = attributeConversions(await deps.analytics.convertedJourneys(scope), query.model);
    return {
      businessId: scope.businessId,
      period,
      model: query.model,
      conversions: result.conversions,
      revenue: result.revenue,
      touchpoints: result.touchpoints.map((touch) => ({ ...touch, credit: rounded(touch.credit, 4) })),
    };
  };
}
