// The timeSeries of upstream-metrics: one bucket per local day, ISO week (starting Monday) or
// calendar month of the period, empty buckets present as zeros. A bucket is named by its first
// day, so the first week or month may start before the period and the last end after it.
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export interface SeriesPoint {
  date: string;
  impressions: number;
  citations: number;
}

const DAY_MS = 86_400_000;

function toDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return toDay(to) - toDay(from) + 1;
}

export function addDays(date: string, days: number): string {
  return fromDay(toDay(date) + days);
}

/** The first day of the bucket `date` falls in. */
export function bucketStart(date: string, granularity: Granularity): string {
  if (granularity === 'day') return date;
  if (granularity === 'month') return `${date.slice(0, 7)}-01`;
  const day = toDay(date);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
  return fromDay(day - ((day + 3) % 7));
}

function nextBucket(start: string, granularity: Granularity): string {
  if (granularity === 'day') return addDays(start, 1);
  if (granularity === 'week') return addDays(start, 7);
  const [year, month] = start.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
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
