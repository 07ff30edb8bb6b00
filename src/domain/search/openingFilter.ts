// The time conditions of consumer search ("open now", "open on Sunday", "open late", and
// "open today / tomorrow", "open at 9pm", "open until 2am") as a filter the search index applies,
// so totals and deep pages count every business that passes.
// Both indexes store each business's opening as a schedule code (encodeSchedule) and decide codes
// with scheduleMatcher, so the rules of domain/openingHours.ts are the only ones: the embedded
// index in a SQL function (adapters/sqlite/search/openingFunction.ts), Elasticsearch once per
// distinct code among a search's matches (adapters/elasticsearch/openingSearch.ts).
import { addDays as shiftDate, localTime } from '../localTime';
import {
  clockText, closesAfterMidnightAtOrAfter, closesAtOrAfter, daySpan, isOpenAllDay, isOpenAt, isOpenAtClock, isOpenOn,
  minutesOf, nextWeekday, previousWeekday, spokenClock,
} from '../openingHours';
import { WEEKDAYS, type Weekday, type WeeklyHours } from '../profile';

/** "Late" means still open at 22:00 local time or later. */
export const LATE_MINUTES = 22 * 60;
/** Before 05:00 a clock time belongs to the night after the day: "open until 2am" on Friday is Saturday 02:00. */
export const NIGHT_ENDS_MINUTES = 5 * 60;
/** "Tonight" means still open at 20:00, or at the local time of asking when that is later. */
export const TONIGHT_MINUTES = 20 * 60;
/** The zone of a business without coordinates. */
export const FALLBACK_TIME_ZONE = 'UTC';

/**
 * The time conditions a query can state. The day they are about is `day` (a weekday in general:
 * weekly hours only), else today or tomorrow in each business's own zone (a real date, so its
 * blackout dates apply).
 */
export interface TimeConditions {
  /** Open at the filter's instant, by weekly hours and blackout dates. */
  openNow?: boolean;
  /** Has hours on this weekday. */
  day?: Weekday;
  /** "open weekends": the other conditions hold on Saturday or on Sunday (weekly hours, like `day`). */
  weekend?: boolean;
  /**
   * "today", "tomorrow": has hours on that day. "tonight": today, and still open at TONIGHT_MINUTES
   * or at the time of asking if later; before 05:00, the night still going on.
   */
  relativeDay?: 'today' | 'tonight' | 'tomorrow';
  /** Closes at LATE_MINUTES or later (or runs past midnight) on the day. */
  late?: boolean;
  /** "24 hours", "24/7": open all day on the day (open == close, or 00:00-23:59). */
  allDay?: boolean;
  /** "open at 9pm": open at this local time ("HH:MM") on the day, or in the night after it before 05:00. */
  openAt?: string;
  /** "open until 2am": still open at this local time ("HH:MM") on the day, or in the night after it before 05:00. */
  openUntil?: string;
}

export interface OpeningFilter extends TimeConditions {
  /** The instant "now", "today" and "tomorrow" mean, ISO 8601. */
  at: string;
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

/** "Weekends" as the two filters it means: the same conditions on Saturday, then on Sunday. */
function weekendDays(filter: OpeningFilter): OpeningFilter[] | undefined {
  if (!filter.weekend || filter.day) return undefined;
  return (['saturday', 'sunday'] as const).map((day) => ({ ...filter, weekend: false, day }));
}

/** Whether the filter says anything about a day's hours (beyond "open now"). */
function isAboutADay(filter: OpeningFilter): boolean {
  return Boolean(filter.day || filter.relativeDay || filter.late || filter.allDay || filter.openAt !== undefined || filter.openUntil !== undefined);
}

export function matchesOpening(opening: Opening, filter: OpeningFilter, at: Date = new Date(filter.at)): boolean {
  const weekend = weekendDays(filter);
  if (weekend) return weekend.some((onDay) => matchesOpening(opening, onDay, at));
  if (filter.openNow && !isOpenNow(opening, at)) return false;
  if (!isAboutADay(filter)) return true;
  const day = dayOf(opening, filter, at);
  if (day.date !== undefined && opening.blackoutDates.includes(day.date)) return false;
  if ((filter.day || filter.relativeDay) && !isOpenOn(opening.hours, day.weekday)) return false;
  if (filter.late && !closesAtOrAfter(opening.hours, day.weekday, LATE_MINUTES)) return false;
  if (filter.allDay && !isOpenAllDay(opening.hours, day.weekday)) return false;
  if (filter.openAt !== undefined && !isOpenAtClockTime(opening, day, minutesOf(filter.openAt))) return false;
  if (filter.openUntil !== undefined && !isOpenUntil(opening, day, minutesOf(filter.openUntil))) return false;
  if (filter.relativeDay === 'tonight' && !isOpenUntil(opening, day, tonightMinutes(opening, at))) return false;
  return true;
}

const RELATIVE_LABELS: Record<string, string> = { today: 'today', tonight: 'tonight', tomorrow: 'tomorrow' };

/**
 * The hours of the day a time condition is about, for the summary's reasons: "open today
 * 4pm-2am", "open on Saturday 9am-5pm", "open 24 hours tomorrow". Undefined for "open now" alone
 * (that has its own reason) and when the business does not pass the filter.
 */
export function hoursReason(opening: Opening, filter: OpeningFilter): string | undefined {
  const weekend = weekendDays(filter);
  if (weekend) return weekend.map((onDay) => hoursReason(opening, onDay)).find((reason) => reason !== undefined);
  const at = new Date(filter.at);
  if (!isAboutADay(filter) || !matchesOpening(opening, filter, at)) return undefined;
  const day = dayOf(opening, filter, at);
  const span = daySpan(opening.hours, day.weekday);
  if (!span) return undefined;
  const when = filter.day ? `on ${filter.day[0].toUpperCase()}${filter.day.slice(1)}` : (RELATIVE_LABELS[filter.relativeDay ?? 'today'] ?? 'today');
  if (isOpenAllDay(opening.hours, day.weekday)) return `open 24 hours ${when}`;
  return `open ${when} ${spokenClock(span.open)}-${spokenClock(span.close)}`;
}

function tonightMinutes(opening: Opening, at: Date): number {
  const { minutes } = localTime(opening.timeZone ?? FALLBACK_TIME_ZONE, at);
  return minutes < NIGHT_ENDS_MINUTES ? minutes : Math.max(minutes, TONIGHT_MINUTES);
}

interface Day {
  weekday: Weekday;
  /** Local date, when the condition is about a real day (today, tomorrow) rather than any such weekday. */
  date?: string;
}

function dayOf(opening: Opening, filter: OpeningFilter, at: Date): Day {
  if (filter.day) return { weekday: filter.day };
  const today = localTime(opening.timeZone ?? FALLBACK_TIME_ZONE, at);
  if (filter.relativeDay === 'tomorrow') return { weekday: nextWeekday(today.weekday), date: shiftDate(today.date, 1) };
  // At 01:00, "tonight" is the night that began yesterday.
  if (filter.relativeDay === 'tonight' && today.minutes < NIGHT_ENDS_MINUTES) {
    return { weekday: previousWeekday(today.weekday), date: shiftDate(today.date, -1) };
  }
  return { weekday: today.weekday, date: today.date };
}

function nightAfter(day: Day): Day {
  return { weekday: nextWeekday(day.weekday), ...(day.date !== undefined && { date: shiftDate(day.date, 1) }) };
}

function isOpenAtClockTime(opening: Opening, day: Day, minutes: number | null): boolean {
  if (minutes === null) return false;
  const clockDay = minutes < NIGHT_ENDS_MINUTES ? nightAfter(day) : day;
  return isOpenAtClock(opening.hours, opening.blackoutDates, { ...clockDay, minutes });
}

/** Still open at `minutes` on the day, or in the night after it for a time before 05:00. */
function isOpenUntil(opening: Opening, day: Day, minutes: number | null): boolean {
  if (minutes === null) return false;
  if (minutes >= NIGHT_ENDS_MINUTES) return closesAtOrAfter(opening.hours, day.weekday, minutes);
  const night = nightAfter(day);
  if (night.date !== undefined && opening.blackoutDates.includes(night.date)) return false;
  return closesAfterMidnightAtOrAfter(opening.hours, day.weekday, minutes);
}

/**
 * A business's opening in one short string, shared by businesses with the same hours and zone:
 * `zone|monday|tuesday|...|sunday|blackout dates`, each day `open-close` in minutes since local
 * midnight or empty (closed, unstated or malformed), dates comma-separated. For example
 * `America/Chicago|540-1020|540-1020||||600-120||2026-12-25`.
 */
export function encodeSchedule(opening: Opening): string {
  const days = WEEKDAYS.map((weekday) => {
    const day = opening.hours[weekday];
    if (!day || !('open' in day)) return '';
    const open = minutesOf(day.open);
    const close = minutesOf(day.close);
    return open === null || close === null ? '' : `${open}-${close}`;
  });
  return [opening.timeZone ?? FALLBACK_TIME_ZONE, ...days, opening.blackoutDates.join(',')].join('|');
}

/** "HH:MM" of every minute of the day: decoding runs once per distinct code, tens of thousands of times. */
const HHMM = Array.from({ length: 24 * 60 }, (_, m) => clockText(m));

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
