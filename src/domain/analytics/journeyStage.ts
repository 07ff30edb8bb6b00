// A journey's stage is the furthest it reached: awareness (impressions only),
// consideration (a citation, comparison or profile view), intent (a website visit), conversion.
import type { JourneyStage } from './analyticsFacts';
import type { AnalyticsEventType } from './analyticsEvent';

export const JOURNEY_STAGES: readonly JourneyStage[] = ['awareness', 'consideration', 'intent', 'conversion'];

/** The stage one event shows a journey reached, as its index in JOURNEY_STAGES. */
export const STAGE_RANK_OF_TYPE: Record<AnalyticsEventType, number> = {
  impression: 0,
  citation: 1,
  comparison: 1,
  profile_view: 1,
  website_visit: 2,
  conversion: 3,
  // A crawler's fetch belongs to no consumer's journey (it carries no journey id); listed for completeness.
  crawl: 0,
};

export function stageAtLeast(stage: JourneyStage, floor: JourneyStage): boolean {
  return JOURNEY_STAGES.indexOf(stage) >= JOURNEY_STAGES.indexOf(floor);
}
