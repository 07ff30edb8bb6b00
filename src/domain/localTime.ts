// Every conversion between instants and the wall clock of an IANA zone, in one place, on Luxon
//: opening hours ("open now" where the business is), the business's local day of an
// analytics event, the instants a local day or an analytics period spans, the booking calendar's
// local start times and the offsets they are written with. Calendar dates without a zone
// (YYYY-MM-DD plus or minus days) are here too, so no module does its own date arithmetic.
//
// DST rules, as the booking calendar and opening hours need them: a local time that happens twice
// when clocks go back is its first occurrence; one skipped when they go forward is taken as the
// same distance after the jump (02:30 on a 02:00 -> 03:00 night is 03:30).
import { DateTime, IANAZone } from 'luxon';
import { boundedMemo } from './boundedMemo';
import { ValidationError } from './errors';
import { WEEKDAYS, type Weekday } from './profile';

export interface LocalTime {
  weekday: Weekday;
  /** Minutes since local midnight, 0..1439. */
  minutes: number;
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A zone Luxon (the platform's Intl) knows; anything else is the caller's mistake, named as timeZone. */
function zoneOf(timeZone: string): IANAZone {
  const zone = IANAZone.create(timeZone);
  if (!zone.isValid) throw new ValidationError('timeZone', 'is not a known IANA time zone');
  return zone;
}

/**
 * The answer for each zone asked about: Luxon's check builds an Intl.DateTimeFormat every time
 * (about 95 us, 18 % of an index build's main thread), and the platform's zones do not
 * change while the process runs. Bounded, as callers may ask about any string.
 */
const knownZone = boundedMemo(2000, (timeZone) => IANAZone.isValidZone(timeZone));

export function isKnownTimeZone(timeZone: string): boolean {
  return knownZone(timeZone);
}

// Local time has minute resolution, and one search asks the same zone and minute for hundreds
// of candidates: remember recent answers instead of converting each time.
const recentLocalTimes = new Map<string, LocalTime>();
const MAX_REMEMBERED = 1000;

/** The wall clock of `timeZone` at `when`: weekday, minutes since midnight, calendar date. */
export function localTime(timeZone: string, when: Date): LocalTime {
  const key = `${timeZone}|${Math.floor(when.getTime() / MINUTE_MS)}`;
  const remembered = recentLocalTimes.get(key);
  if (remembered) return remembered;
  const local = DateTime.fromMillis(when.getTime(), { zone: zoneOf(timeZone) });
  const computed: LocalTime = Object.freeze({ weekday: WEEKDAYS[local.weekday - 1], minutes: local.hour * 60 + local.minute, date: local.toISODate() as string });
  if (recentLocalTimes.size >= MAX_REMEMBERED) recentLocalTimes.clear();
  recentLocalTimes.set(key, computed);
  return computed;
}

/** `YYYY-MM-DD` of `instant` on the wall clock of `timeZone`. */
export function localDateOf(instant: string | Date, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an instant: ${String(instant)}`);
  return localTime(timeZone, date).date;
}

/** The zone's offset from UTC at `instantMs`, in minutes (America/Chicago in winter: -360). */
export function offsetMinutesAt(timeZone: string, instantMs: number): number {
  return zoneOf(timeZone).offset(instantMs);
}

/** The instant at which the zone's clocks show `minutes` past midnight on `date` (YYYY-MM-DD); DST as above. */
export function instantOfLocal(timeZone: string, date: string, minutes: number): number {
  const [year, month, day] = date.split('-').map(Number);
  const resolved = DateTime.fromObject({ year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60 }, { zone: zoneOf(timeZone) }).toMillis();
  // A repeated time has a second instant an offset change (at most two hours) away: the earliest
  // instant that shows this wall clock is its first occurrence. A skipped time shows nowhere: Luxon
  // has already moved it forward by the jump.
  const shows = (instant: number) => {
    const seen = localTime(timeZone, new Date(instant));
    return seen.date === date && seen.minutes === minutes;
  };
  const candidates = [resolved - 120 * MINUTE_MS, resolved - 60 * MINUTE_MS, resolved - 30 * MINUTE_MS, resolved].filter(shows);
  return candidates.length > 0 ? Math.min(...candidates) : resolved;
}

/** The UTC instant at which local day `date` (YYYY-MM-DD) begins in `timeZone`. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return new Date(DateTime.fromISO(date, { zone: zoneOf(timeZone) }).startOf('day').toMillis());
}

/** ISO 8601 with the zone's offset at that instant, to the second ("2026-03-08T09:00:00-05:00"). */
export function isoInZone(timeZone: string, instantMs: number): string {
  return DateTime.fromMillis(instantMs, { zone: zoneOf(timeZone) }).toISO({ suppressMilliseconds: true }) as string;
}

// Calendar dates (YYYY-MM-DD) without a zone: whole days, counted on the proleptic Gregorian calendar.

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `date` plus `days` (negative to go back). */
export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** The Monday of the ISO week `date` falls in. */
export function mondayOf(date: string): string {
  const day = dayNumber(date);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
  return dateOfDay(day - ((((day + 3) % 7) + 7) % 7));
}

/** The first day of the month after the one `date` falls in. */
export function firstOfNextMonth(date: string): string {
  const [year, month] = date.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}
