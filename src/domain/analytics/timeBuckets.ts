// The timeSeries of upstream-metrics: one bucket per local day, ISO week (starting Monday) or
// calendar month of the period, empty buckets present as zeros. A bucket is named by its first
// day, so the first week or month may start before the period and the last end after it.
import { addDays, firstOfNextMonth, mondayOf } from '../localTime';

export { addDays, daysBetween } from '../localTime';

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export interface SeriesPoint {
  date: string;
  impressions: number;
  citations: number;
}

/** The first day of the bucket `date` falls in. */
export function bucketStart(date: string, granularity: Granularity): string {
  if (granularity === 'day') return date;
  if (granularity === 'month') return `${date.slice(0, 7)}-01`;
  return mondayOf(date);
}

function nextBucket(start: string, granularity: Granularity): string {
  if (granularity === 'day') return addDays(start, 1);
  if (granularity === 'week') return addDays(start, 7);
  return firstOfNextMonth(start);
}

/** Sums `days` (any order, only days with data) into every bucket of [from, to]. */
export function bucketSeries(days: readonly SeriesPoint[], from: string, to: string, granularity: Granularity): SeriesPoint[] {
  const buckets = new Map<string, SeriesPoint>();
  for (let start = bucketStart(from, granularity); start <= to; start = nextBucket(start, granularity)) {
    buckets.set(start, { date: start, impressions: 0, citations: 0 });
  }
  for (const day of days) {
    if (day.date < from || day.date > to) continue;
    const bucket = buckets.get(bucketStart(day.date, granularity)) as SeriesPoint;
    bucket.impressions += day.impressions;
    bucket.citations += day.citations;
  }
  return [...buckets.values()];
}
