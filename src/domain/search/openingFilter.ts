// The time conditions of consumer search (issue 3: "open now", "open on Sunday", "open late") as a
// filter the search index applies, so totals and deep pages count every business that passes.
// Both indexes store each business's opening as a schedule code (encodeSchedule) and decide codes
// with scheduleMatcher, so the rules of domain/openingHours.ts are the only ones: the embedded
// index in a SQL function (adapters/sqlite/search/openingFunction.ts), Elasticsearch once per
// distinct code among a search's matches (adapters/elasticsearch/openingSearch.ts).
import { closesAtOrAfter, isOpenAt, isOpenOn, localTime, minutesOf } from '../openingHours';
import { WEEKDAYS, type Weekday, type WeeklyHours } from '../profile';

/** "Late" means still open at 22:00 local time or later. */
export const LATE_MINUTES = 22 * 60;
/** The zone of a business without coordinates. */
export const FALLBACK_TIME_ZONE = 'UTC';

export interface OpeningFilter {
  /** The instant "now" and "today" mean, ISO 8601. */
  at: string;
  /** Open at `at`, by weekly hours and blackout dates. */
  openNow?: boolean;
  /** Has hours on this weekday. */
  day?: Weekday;
  /** Closes at LATE_MINUTES or later (or runs past midnight) on `day`, or on today in its own zone. */
  late?: boolean;
}

export interface Opening {
  hours: WeeklyHours;
  timeZone?: string;
  blackoutDates: string[];
}

/** Open at `at` in its own zone, by weekly hours and blackout dates; also a ranking signal for every consumer search. */
export function isOpenNow(opening: Opening, at: Date): boolean {
  return isOpenAt(opening.hours, opening.blackoutDates, opening.timeZone ?? FALLBACK_TIME_ZONE, at);
}

export function matchesOpening(opening: Opening, filter: OpeningFilter, at: Date = new Date(filter.at)): boolean {
  const zone = opening.timeZone ?? FALLBACK_TIME_ZONE;
  if (filter.openNow && !isOpenNow(opening, at)) return false;
  if (filter.day && !isOpenOn(opening.hours, filter.day)) return false;
  if (filter.late && !closesAtOrAfter(opening.hours, filter.day ?? localTime(zone, at).weekday, LATE_MINUTES)) return false;
  return true;
}

/**
 * A business's opening in one short string, shared by businesses with the same hours and zone:
 * `zone|monday|tuesday|...|sunday|blackout dates`, each day `open-close` in minutes since local
 * midnight or empty (closed, unstated or malformed), dates comma-separated. For example
 * `America/Chicago|540-1020|540-1020||||600-120||2026-12-25`.
 */
export function encodeSchedule(opening: Opening): string {
  const days = WEEKDAYS.map((weekday) => {
    const day = opening.hours?.[weekday];
    if (!day || !('open' in day)) return '';
    const open = minutesOf(day.open);
    const close = minutesOf(day.close);
    return open === null || close === null ? '' : `${open}-${close}`;
  });
  return [opening.timeZone ?? FALLBACK_TIME_ZONE, ...days, (opening.blackoutDates ?? []).join(',')].join('|');
}

/** "HH:MM" of every minute of the day: decoding runs once per distinct code, tens of thousands of times. */
const HHMM = Array.from({ length: 24 * 60 }, (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);

export function decodeSchedule(code: string): Opening {
  const parts = code.split('|');
  const hours: WeeklyHours = {};
  for (let i = 0; i < WEEKDAYS.length; i++) {
    const span = parts[i + 1];
    if (!span) continue;
    const dash = span.indexOf('-');
    hours[WEEKDAYS[i]] = { open: HHMM[Number(span.slice(0, dash))], close: HHMM[Number(span.slice(dash + 1))] };
  }
  const blackout = parts[8];
  return { timeZone: parts[0], hours, blackoutDates: blackout ? blackout.split(',') : [] };
}

/**
 * matchesOpening over schedule codes, for an index that tests many rows against one filter:
 * rows often share a code (same hours, same zone), so each distinct code is decided once.
 */
export function scheduleMatcher(filter: OpeningFilter): (code: string) => boolean {
  const at = new Date(filter.at);
  const decided = new Map<string, boolean>();
  return (code) => {
    let matches = decided.get(code);
    if (matches === undefined) decided.set(code, (matches = matchesOpening(decodeSchedule(code), filter, at)));
    return matches;
  };
}
