// Time filters as index structures: each documents row carries when its business can be open,
// as bitsets, so "open now", "open on Saturday" and "open weekends" drop most closed businesses
// with an integer test in SQLite's own bytecode, before the distance and the exact opening check
// (JavaScript functions, a call into the VM per row) run. The bits only prefilter: they may let
// through a business that turns out closed (a blackout date, a partial hour), never keep out one
// that is open, and the exact rules (openingFunction.ts, the domain's matchesOpening) still decide
// every row that passes. Bitsets rather than FTS tokens: tokens in the FTS row would change every
// row's length, and with it bm25's scores and the ranking.
//
// - open_days, bit w: has hours on weekday w (0 = Monday), the domain's isOpenOn.
// - open_h0..open_h2, bit u (hours 0-55, 56-111, 112-167 of the week): may be open at some minute
//   of UTC hour-of-week u (0 = Monday 00:00 UTC). The weekly spans (past midnight included) are
//   shifted by every UTC offset the business's zone uses from a year ago to three years ahead, so
//   a change to or from daylight saving time never leaves an open business out.
// NULL (a row written before the columns existed) passes: the exact check decides alone.
import { isKnownTimeZone, offsetMinutesAt } from '../../../domain/localTime';
import { isOpenOn, minutesOf } from '../../../domain/openingHours';
import { WEEKDAYS, type WeeklyHours } from '../../../domain/profile';
import { FALLBACK_TIME_ZONE, type OpeningFilter } from '../../../domain/search/openingFilter';

const DAY = 24 * 60;
const WEEK = 7 * DAY;
const HOURS_A_WEEK = 168;

const HOURS_PER_MASK = 56;

/** Local minutes of the week (0 = Monday 00:00) when the weekly hours say open: [start, end), end may pass the week's end. */
export function weeklyOpenIntervals(hours: WeeklyHours): Array<[number, number]> {
  const intervals: Array<[number, number]> = [];
  WEEKDAYS.forEach((weekday, index) => {
    const day = hours[weekday];
    if (!day || !('open' in day)) return;
    const open = minutesOf(day.open);
    const close = minutesOf(day.close);
    if (open === null || close === null) return;
    const start = index * DAY;
    // Same as isOpenAtClock: open == close is the whole day, close < open runs into the next day.
    if (open === close) intervals.push([start, start + DAY]);
    else if (open < close) intervals.push([start + open, start + close]);
    else intervals.push([start + open, start + DAY + close]);
  });
  return intervals;
}

const offsetsByZone = new Map<string, number[] | null>();
const SAMPLE_EVERY_MS = 7 * 86_400_000;

/** The UTC offsets (minutes, local = UTC + offset) `timeZone` uses from a year ago to three years ahead; null for a zone the platform does not know. */
export function zoneOffsets(timeZone: string, now: number = Date.now()): number[] | null {
  const remembered = offsetsByZone.get(timeZone);
  if (remembered !== undefined) return remembered;
  let offsets: number[] | null = null;
  if (isKnownTimeZone(timeZone)) {
    const found = new Set<number>();
    for (let at = now - 52 * SAMPLE_EVERY_MS; at <= now + 3 * 52 * SAMPLE_EVERY_MS; at += SAMPLE_EVERY_MS) found.add(offsetMinutesAt(timeZone, at));
    offsets = [...found];
  }
  offsetsByZone.set(timeZone, offsets);
  return offsets;
}

/** The bitset columns of a documents row (see the top of this file). */
export interface OpeningMasks {
  openDays: number;
  openH0: bigint;
  openH1: bigint;
  openH2: bigint;
}

export function documentOpeningMasks(doc: { hours: WeeklyHours; timeZone?: string }): OpeningMasks {
  let openDays = 0;
  WEEKDAYS.forEach((weekday, index) => {
    if (isOpenOn(doc.hours, weekday)) openDays |= 1 << index;
  });
  const masks = [0n, 0n, 0n];
  const mark = (hour: number) => {
    const wrapped = ((hour % HOURS_A_WEEK) + HOURS_A_WEEK) % HOURS_A_WEEK;
    masks[Math.floor(wrapped / HOURS_PER_MASK)] |= 1n << BigInt(wrapped % HOURS_PER_MASK);
  };
  const intervals = weeklyOpenIntervals(doc.hours);
  const offsets = intervals.length === 0 ? [] : zoneOffsets(doc.timeZone ?? FALLBACK_TIME_ZONE);
  // A zone Intl does not know: every hour, so the exact check alone decides.
  if (offsets === null) for (let hour = 0; hour < HOURS_A_WEEK; hour++) mark(hour);
  for (const offset of offsets ?? []) {
    for (const [start, end] of intervals) {
      const to = Math.floor((end - 1 - offset) / 60);
      for (let hour = Math.floor((start - offset) / 60); hour <= to; hour++) mark(hour);
    }
  }
  return { openDays, openH0: masks[0], openH1: masks[1], openH2: masks[2] };
}

/**
 * The hours a business is surely open, as open_h0..open_h2 are the hours it may be: bit u is set
 * when every minute of UTC hour-of-week u falls within its weekly hours under every UTC offset
 * its zone uses (the same offsets as the masks above). Without blackout dates, "open now" in such
 * an hour needs no exact check (topText.ts); a zone Intl does not know has no sure hours.
 */
export function documentSureOpenHours(doc: { hours: WeeklyHours; timeZone?: string }): [bigint, bigint, bigint] {
  const intervals = weeklyOpenIntervals(doc.hours);
  const offsets = intervals.length === 0 ? null : zoneOffsets(doc.timeZone ?? FALLBACK_TIME_ZONE);
  const sure = [0n, 0n, 0n] as [bigint, bigint, bigint];
  if (offsets === null || offsets.length === 0) return sure;
  let hours: boolean[] | null = null;
  for (const offset of offsets) {
    const covered = coveredUtcHours(intervals, offset);
    hours = hours === null ? covered : hours.map((open, hour) => open && covered[hour]);
  }
  hours!.forEach((open, hour) => {
    if (open) sure[Math.floor(hour / HOURS_PER_MASK)] |= 1n << BigInt(hour % HOURS_PER_MASK);
  });
  return sure;
}

/** The UTC hours of the week wholly inside the intervals (local minutes) under one offset. */
function coveredUtcHours(intervals: Array<[number, number]>, offset: number): boolean[] {
  // In UTC minutes of the week, cut at the week's end, then merged where they touch.
  const pieces: Array<[number, number]> = [];
  for (const [start, end] of intervals) {
    let from = start - offset;
    let to = end - offset;
    const shift = Math.floor(from / WEEK) * WEEK;
    from -= shift;
    to -= shift;
    while (to > WEEK) {
      pieces.push([from, WEEK]);
      from = 0;
      to -= WEEK;
    }
    pieces.push([from, to]);
  }
  pieces.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (last && piece[0] <= last[1]) last[1] = Math.max(last[1], piece[1]);
    else merged.push([...piece]);
  }
  // An hour never straddles the week's end (both are whole hours), so no piece needs joining across it.
  const covered = new Array<boolean>(HOURS_A_WEEK).fill(false);
  for (const [from, to] of merged) {
    for (let hour = Math.ceil(from / 60); (hour + 1) * 60 <= to; hour++) covered[hour] = true;
  }
  return covered;
}

/** UTC hour of the week of an instant, 0 = Monday 00:00 UTC. */
export function utcHourOfWeek(at: Date): number {
  const minuteOfWeek = ((at.getUTCDay() + 6) % 7) * DAY + at.getUTCHours() * 60 + at.getUTCMinutes();
  return Math.floor((minuteOfWeek % WEEK) / 60);
}

/** Saturday and Sunday in open_days. */
const WEEKEND_DAYS = (1 << 5) | (1 << 6);

/**
 * SQL conditions over the documents row (`d`) that every business passing `filter` meets (a
 * superset of the filter), with their parameters: open now, a named weekday, a weekend. The other
 * conditions ("open late", "open at 9pm", "today") are left to the exact check.
 */
export function openingMaskConditions(filter: OpeningFilter): { conditions: string[]; params: Record<string, number> } {
  const conditions: string[] = [];
  const params: Record<string, number> = {};
  if (filter.openNow) {
    const hour = utcHourOfWeek(new Date(filter.at));
    conditions.push(`coalesce((d.open_h${Math.floor(hour / HOURS_PER_MASK)} >> @openHourBit) & 1, 1) = 1`);
    params.openHourBit = hour % HOURS_PER_MASK;
  }
  // matchesOpening requires hours on the named day; "weekends", hours on Saturday or on Sunday.
  if (filter.day) {
    conditions.push('coalesce((d.open_days >> @openDayBit) & 1, 1) = 1');
    params.openDayBit = WEEKDAYS.indexOf(filter.day);
  } else if (filter.weekend) {
    conditions.push(`coalesce(d.open_days & ${WEEKEND_DAYS}, 1) <> 0`);
  }
  return { conditions, params };
}
