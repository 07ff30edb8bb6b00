// GET /analytics/intent-journeys: how far consumers' journeys with the business went (spec 4.4).
import { type JourneySummary, summariseJourneys } from '../../domain/analytics/journeySummary';
import type { Principal } from '../../domain/principal';
import type { AnalyticsQuestions } from '../../ports/analyticsStore';
import type { IntentJourneysQuery } from '../../schemas/endpoints/analytics';
import type { AnalyticsAccess } from './analyticsAccess';
import { checkPeriodShape, resolvePeriod } from './analyticsPeriod';

export type IntentJourneys = { businessId: string; period: { start: string; end: string } } & JourneySummary;

export function createIntentJourneys(deps: { access: AnalyticsAccess; analytics: Pick<AnalyticsQuestions, 'journeys'> }) {
  return async (principal: Principal, query: IntentJourneysQuery): Promise<IntentJourneys> => {
    checkPeriodShape(query.startDate, query.endDate);
    const { timeZone } = await deps.access(principal, query.businessId);
    const period = resolvePeriod(query.startDate, query.endDate, timeZone);
    const journeys = await deps.analytics.journeys({ environment: principal.environment, businessId: query.businessId, from: period.from, to: period.to });
    return { businessId: query.businessId, period: { start: period.start, end: period.end }, ...summariseJourneys(journeys, query.stage) };
  };
}
