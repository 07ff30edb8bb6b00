// Opening-hours logic in the business's own time zone ("open now", "open on Sunday",
// "open late"). The wall clock where the business is comes from domain/localTime.ts.
// Rules (spec 2.4, and what it leaves open):
// - `close` earlier than `open` means the span runs past midnight: Friday 18:00-02:00 also
//   covers Saturday 00:00-02:00.
// - `open` equal to `close` (00:00-00:00 included) means open the whole day.
// - A blackout date (local YYYY-MM-DD) closes that whole local day, and the business day it
//   starts: a past-midnight span that begins on a blackout date does not spill into the next day.

import { addDays, localTime } from './localTime';
import { WEEKDAYS, type DayHours, type Weekday, type WeeklyHours } from './profile';

export function spokenClock(minutes: number): string {
  if (minutes === 0) return 'midnight';
  if (minutes === 12 * 60) return 'noon';
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`}${hour < 12 ? 'am' : 'pm'}`;
}

/** Minutes since midnight (0..1439) to "HH:MM": the inverse of minutesOf. */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const ZERO = 48; // '0'
const COLON = 58; // ':'

/**
 * "HH:MM" (00:00-23:59) to minutes since midnight; null when malformed. Read by character code:
 * a search checks two days of hours for each of hundreds of candidates.
 */
export function minutesOf(hhmm: string): number | null {
  if (typeof hhmm !== 'string' || hhmm.length !== 5 || hhmm.charCodeAt(2) !== COLON) return null;
  const h1 = hhmm.charCodeAt(0) - ZERO;
  const h2 = hhmm.charCodeAt(1) - ZERO;
  const m1 = hhmm.charCodeAt(3) - ZERO;
  const m2 = hhmm.charCodeAt(4) - ZERO;
  if (!(h1 >= 0 && h1 <= 2 && h2 >= 0 && h2 <= 9 && m1 >= 0 && m1 <= 5 && m2 >= 0 && m2 <= 9)) return null;
  const hours = h1 * 10 + h2;
  return hours > 23 ? null : hours * 60 + m1 * 10 + m2;
}

interface Span {
  open: number;
  close: number;
}

/** The day's opening and closing in minutes since midnight; null when closed, unstated or malformed. */
export function daySpan(hours: WeeklyHours, weekday: Weekday): Span | null {
  return spanOf(hours[weekday]);
}

function spanOf(day: DayHours | undefined): Span | null {
  if (!day || !('open' in day)) return null;
  const open = minutesOf(day.open);
  const close = minutesOf(day.close);
  return open === null || close === null ? null : { open, close };
}

export function previousWeekday(weekday: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(weekday) + 6) % 7];
}

export function nextWeekday(weekday: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(weekday) + 1) % 7];
}

const previousDate = (date: string) => addDays(date, -1);

export function isOpenAt(hours: WeeklyHours, blackoutDates: string[], timeZone: string, when: Date): boolean {
  return isOpenAtClock(hours, blackoutDates, localTime(timeZone, when));
}

/**
 * Open at a local weekday and minute. With a `date` (a real day, not "any Monday") the blackout
 * rules apply too: that date is closed, and so is the past-midnight tail of a span the day before
 * began on a blackout date.
 */
export function isOpenAtClock(hours: WeeklyHours, blackoutDates: string[], clock: { weekday: Weekday; minutes: number; date?: string }): boolean {
  const { date } = clock;
  // A handful of dates at most: a scan beats building a Set per candidate.
  if (date !== undefined && blackoutDates.includes(date)) return false;

  const today = spanOf(hours[clock.weekday]);
  if (today) {
    if (today.open === today.close) return true;
    if (today.open < today.close ? clock.minutes >= today.open && clock.minutes < today.close : clock.minutes >= today.open) return true;
  }
  const yesterday = spanOf(hours[previousWeekday(clock.weekday)]);
  if (!yesterday || !(yesterday.close < yesterday.open) || clock.minutes >= yesterday.close) return false;
  return date === undefined || !blackoutDates.includes(previousDate(date));
}

/** Has opening hours on `weekday` (a day marked closed or absent is not open). */
export function isOpenOn(hours: WeeklyHours, weekday: Weekday): boolean {
  return spanOf(hours[weekday]) !== null;
}

/** 23:59, the latest "HH:MM": a day written 00:00-23:59 is open all day. */
const LAST_MINUTE = 24 * 60 - 1;

/** "Open 24 hours" on `weekday`: open and close at the same time (all day), or 00:00 to 23:59. */
export function isOpenAllDay(hours: WeeklyHours, weekday: Weekday): boolean {
  const span = spanOf(hours[weekday]);
  if (!span) return false;
  return span.open === span.close || (span.open === 0 && span.close === LAST_MINUTE);
}

/** "Open late": on `weekday` it closes at or after `minutes`, runs past midnight, or is open all day. */
export function closesAtOrAfter(hours: WeeklyHours, weekday: Weekday, minutes: number): boolean {
  const span = spanOf(hours[weekday]);
  if (!span) return false;
  return span.close <= span.open || span.close >= minutes;
}

/** "Open until 2am" on `weekday`: its span runs past midnight to `minutes` or later, or it is open all day. */
export function closesAfterMidnightAtOrAfter(hours: WeeklyHours, weekday: Weekday, minutes: number): boolean {
  const span = spanOf(hours[weekday]);
  if (!span) return false;
  return span.close === span.open || (span.close < span.open && span.close >= minutes);
}
