// A stored event as its month index holds it (mappings/analytics-events.json), read back by the
// rollup rebuild (rebuildRollups.ts) and the rollup catch-up (rollupCatchUp.ts).
import type { Client, estypes } from '@elastic/elasticsearch';
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
  };
}

/** Every hit of a query, page by page (a scroll: no point-in-time on the minimal distribution). */
export async function* scrollAll<T>(client: Client, request: estypes.SearchRequest, pageSize = 5000): AsyncGenerator<estypes.SearchHit<T>[]> {
  let page = await client.search<T>({ ...request, scroll: '2m', size: pageSize, ignore_unavailable: true, allow_no_indices: true });
  try {
    while (page.hits.hits.length > 0) {
      yield page.hits.hits;
      if (!page._scroll_id) return;
      page = await client.scroll<T>({ scroll_id: page._scroll_id, scroll: '2m' });
    }
  } finally {
    if (page._scroll_id) await client.clearScroll({ scroll_id: page._scroll_id }).catch(() => undefined);
  }
}
