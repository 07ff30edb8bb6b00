// A stored event as its month index holds it (mappings/analytics-events.json), read back by the
// rollup rebuild (rebuildRollups.ts) and the rollup catch-up (rollupCatchUp.ts).
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';

export interface EventSource {
  '@timestamp': number;
  environment: AnalyticsEvent['environment'];
  reporter: string;
  event_id: string;
  type: AnalyticsEvent['type'];
  business_id: string;
  local_date: string;
  platform: string;
  journey_id?: string;
  query?: string;
  surface: AnalyticsEvent['surface'];
  position?: number;
  followed?: boolean;
  crawl_purpose?: AnalyticsEvent['crawlPurpose'];
  /** The append that stored it (absent on events stored before batches were named). */
  batch?: string;
  /** The append whose rollups counted its zero-click mark. */
  followed_by?: string;
}

export function eventOfSource(source: EventSource): AnalyticsEvent {
  return {
    eventId: source.event_id, type: source.type, businessId: source.business_id, environment: source.environment,
    timestamp: new Date(source['@timestamp']).toISOString(), localDate: source.local_date, platform: source.platform, surface: source.surface,
    ...(source.journey_id !== undefined && { journeyId: source.journey_id }),
    ...(source.query !== undefined && { query: source.query }),
    ...(source.position !== undefined && { position: source.position }),
    ...(source.reporter && { reporter: source.reporter }),
    ...(source.crawl_purpose !== undefined && { crawlPurpose: source.crawl_purpose }),
  };
}
