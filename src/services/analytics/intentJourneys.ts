// GET /analytics/intent-journeys: how far consumers' journeys with the business went (spec 4.4).
import { type JourneySummary, summariseJourneys } from '../../domain/analytics/journeySummary';
import type { Principal } from '../../domain/principal';
import type { Revenue } from '../../domain/analytics/revenue';
import type { AnalyticsQuestions } from '../../ports/analyticsStore';
import type { IntentJourneysQuery } from '../../schemas/endpoints/analytics';
import type { AnalyticsAccess } from './analyticsAccess';

export type IntentJourneys = { businessId: string; period: { start: string; end: string } } & JourneySummary & { journeys: { revenue: Revenue[] } };

export function createIntentJourneys(deps: { access: AnalyticsAccess; analytics: Pick<AnalyticsQuestions, 'journeys' | 'revenue'> }) {
  return async (principal: Principal, query: IntentJourneysQuery): Promise<IntentJourneys> => {
    const { scope, period } = await deps.access(principal, query);
    const [journeys, revenue] = await Promise.all([deps.analytics.journeys(scope), deps.analytics.revenue(scope)]);
    const summary = summariseJourneys(journeys, query.stage);
    // Revenue belongs to converted journeys, which every stage filter keeps.
    return { businessId: scope.businessId, period, ...summary, journeys: { ...summary.journeys, revenue } };
  };
}
