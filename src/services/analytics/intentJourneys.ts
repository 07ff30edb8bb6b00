// GET /analytics/intent-journeys: how far consumers' journeys with the business went (spec 4.4).
import { type JourneySummary, summariseJourneys } from '../../domain/analytics/journeySummary';
import type { Principal } from '../../domain/principal';
import type { AnalyticsQuestions } from '../../ports/analyticsStore';
import type { IntentJourneysQuery } from '../../schemas/endpoints/analytics';
import type { AnalyticsAccess } from './analyticsAccess';

export type IntentJourneys = { businessId: string; period: { start: string; end: string } } & JourneySummary;

export function createIntentJourneys(deps: { access: AnalyticsAccess; analytics: Pick<AnalyticsQuestions, 'journeys'> }) {
  return async (principal: Principal, query: IntentJourneysQuery): Promise<IntentJourneys> => {
    const { scope, period } = await deps.access(principal, query);
    return { businessId: scope.businessId, period, ...summariseJourneys(await deps.analytics.journeys(scope), query.stage) };
  };
}
