// GET /analytics/attribution: which touchpoints the period's conversions are credited to (spec 4.4).
import { attributeConversions, type AttributionModel, type TouchpointCredit } from '../../domain/analytics/attribution';
import { rounded } from '../../domain/analytics/rounding';
import type { Principal } from '../../domain/principal';
import type { AnalyticsQuestions } from '../../ports/analyticsStore';
import type { AttributionQuery } from '../../schemas/endpoints/analytics';
import type { AnalyticsAccess } from './analyticsAccess';
import { checkPeriodShape, resolvePeriod } from './analyticsPeriod';

export interface Attribution {
  businessId: string;
  period: { start: string; end: string };
  model: AttributionModel;
  conversions: number;
  touchpoints: TouchpointCredit[];
}

export function createAttribution(deps: { access: AnalyticsAccess; analytics: Pick<AnalyticsQuestions, 'convertedJourneys'> }) {
  return async (principal: Principal, query: AttributionQuery): Promise<Attribution> => {
    checkPeriodShape(query.startDate, query.endDate);
    const { timeZone } = await deps.access(principal, query.businessId);
    const period = resolvePeriod(query.startDate, query.endDate, timeZone);
    const journeys = await deps.analytics.convertedJourneys({ environment: principal.environment, businessId: query.businessId, from: period.from, to: period.to });
    const result = attributeConversions(journeys, query.model);
    return {
      businessId: query.businessId,
      period: { start: period.start, end: period.end },
      model: query.model,
      conversions: result.conversions,
      touchpoints: result.touchpoints.map((touch) => ({ ...touch, credit: rounded(touch.credit, 4) })),
    };
  };
}
