// What one appended batch adds to the daily rollups, grouped in memory first so each rollup row
// (environment, business, local day, platform, type) is touched once per batch, whatever engine
// stores it.
import { CRAWL_PURPOSES, type AnalyticsEvent } from './analyticsEvent';

/** What a rollup row counts: an event type, or for crawls the type and purpose ("crawl_training"). */
export type RollupKey = Pick<AnalyticsEvent, 'environment' | 'businessId' | 'localDate' | 'platform'> & { type: string };

/** Crawls are counted apart per purpose: "crawl_training", "crawl_search", "crawl_user". */
export function rollupTypeOf(event: Pick<AnalyticsEvent, 'type' | 'crawlPurpose'>): string {
  return event.type === 'crawl' ? `crawl_${event.crawlPurpose}` : event.type;
}

/** The rollup types of crawls, one per purpose. */
export const CRAWL_ROLLUP_TYPES = CRAWL_PURPOSES.map((purpose) => `crawl_${purpose}`);

export interface RollupDelta extends RollupKey {
  events: number;
  /** Impressions: sum and count of 1-based ranks. */
  positionSum: number;
  positionCount: number;
  /** Impressions followed by a visit or conversion within 30 minutes (not zero-click). */
  followed: number;
}

export interface RollupDeltas {
  /** The delta of `key`'s row, created at zero. */
  of(key: RollupKey): RollupDelta;
  /** Adds a stored event's own counts. */
  addEvent(event: AnalyticsEvent, followed: boolean): void;
  values(): RollupDelta[];
}

export function createRollupDeltas(): RollupDeltas {
  const deltas = new Map<string, RollupDelta>();
  const of = (key: RollupKey): RollupDelta => {
    const id = `${key.environment}\u0000${key.businessId}\u0000${key.localDate}\u0000${key.platform}\u0000${key.type}`;
    let found = deltas.get(id);
    if (!found) {
      found = { environment: key.environment, businessId: key.businessId, localDate: key.localDate, platform: key.platform, type: key.type, events: 0, positionSum: 0, positionCount: 0, followed: 0 };
      deltas.set(id, found);
    }
    return found;
  };
  return {
    of,
    addEvent(event, followed) {
      const counts = of({ ...event, type: rollupTypeOf(event) });
      counts.events += 1;
      if (event.type !== 'impression') return;
      if (event.position !== undefined) {
        counts.positionSum += event.position;
        counts.positionCount += 1;
      }
      if (followed) counts.followed += 1;
    },
    values: () => [...deltas.values()],
  };
}
