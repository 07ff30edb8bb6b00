// Adding daily rollup rows (one type each) into the counts of a slice of visibility; the same
// arithmetic for every engine's rollups. zeroClick = impressions - followed impressions. Crawl rows
// (one per purpose) add to the crawler fetches.
import type { VisibilityCounts } from './analyticsFacts';

export interface RollupRow {
  type: string;
  events: number;
  position_sum: number;
  position_count: number;
  followed: number;
}

export function emptyVisibility(): VisibilityCounts {
  return { impressions: 0, citations: 0, comparisons: 0, zeroClick: 0, positionSum: 0, positionCount: 0, crawls: { training: 0, search: 0, user: 0 } };
}

/** Adds one rollup row (one type) into a slice's counts. */
export function addRollup(counts: VisibilityCounts, row: RollupRow): void {
  if (row.type === 'impression') {
    counts.impressions += row.events;
    counts.zeroClick += row.events - row.followed;
    counts.positionSum += row.position_sum;
    counts.positionCount += row.position_count;
  } else if (row.type === 'citation') counts.citations += row.events;
  else if (row.type === 'comparison') counts.comparisons += row.events;
  else if (row.type === 'crawl_training') counts.crawls.training += row.events;
  else if (row.type === 'crawl_search') counts.crawls.search += row.events;
  else if (row.type === 'crawl_user') counts.crawls.user += row.events;
}


/** The rollup types the visibility question reads. */
export const VISIBILITY_ROLLUP_TYPES = ['impression', 'citation', 'comparison', 'crawl_training', 'crawl_search', 'crawl_user'];
