// The start times a bookable service offers, from the business's weekly hours in its
// own time zone. Rules, the same as "open now" (openingHours.ts):
// - each business day's span runs from its opening to its closing; a closing earlier than the
//   opening is the next day's (past midnight); opening equal to closing is the whole day;
// - a blackout date closes its whole day and the business day it starts: no slot on it, and the
//   previous day's past-midnight span stops at its midnight;
// - slots start at the opening and follow each other every `duration` minutes of real time
//   (a night that gains or loses an hour to DST gets one slot more or fewer), and must end by the
//   closing.
// Starts on this grid are the only ones bookable, so bookings of one service never half-overlap
// and a start's capacity is simply the bookings held at it.
import { addDays as shiftDate, instantOfLocal, localTime } from '../localTime';
import { daySpan } from '../openingHours';
import { WEEKDAYS, type WeeklyHours } from '../profile';

export interface SlotRules {
  hours: WeeklyHours;
  blackoutDates: string[];
  timeZone: string;
  /** Minutes, at least 1. */
  duration: number;
}

export interface Slot {
  /** Epoch milliseconds. */
  start: number;
  end: number;
  /** The business day (local YYYY-MM-DD) whose span it belongs to. */
  businessDay: string;
}

const MINUTE_MS = 60_000;

function weekdayOf(date: string) {
  // 1970-01-01 was a Thursday; WEEKDAYS starts on Monday.
  const days = Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  return WEEKDAYS[(((days + 3) % 7) + 7) % 7];
}

/** The open span of one business day as instants, or null when it is closed. */
export function businessDaySpan(rules: SlotRules, date: string): { open: number; close: number } | null {
  if (rules.blackoutDates.includes(date)) return null;
  const span = daySpan(rules.hours, weekdayOf(date));
  if (!span) return null;
  const { timeZone } = rules;
  const next = shiftDate(date, 1);
  if (span.open === span.close) return { open: instantOfLocal(timeZone, date, 0), close: instantOfLocal(timeZone, next, 0) };
  const open = instantOfLocal(timeZone, date, span.open);
  if (span.close > span.open) return { open, close: instantOfLocal(timeZone, date, span.close) };
  // Past midnight: into the next day, unless that day is a blackout date (closed from its midnight).
  return { open, close: instantOfLocal(timeZone, next, rules.blackoutDates.includes(next) ? 0 : span.close) };
}

/** Every slot that starts in [fromMs, toMs), in time order. */
export function slotsBetween(rules: SlotRules, fromMs: number, toMs: number): Slot[] {
  const step = Math.max(1, Math.trunc(rules.duration)) * MINUTE_MS;
  const lastDay = localTime(rules.timeZone, new Date(toMs)).date;
  const slots: Slot[] = [];
  // The day before the window can still open a past-midnight span reaching into it.
  for (let day = shiftDate(localTime(rules.timeZone, new Date(fromMs)).date, -1); day <= lastDay; day = shiftDate(day, 1)) {
    const span = businessDaySpan(rules, day);
    if (!span) continue;
    for (let start = span.open; start + step <= span.close; start += step) {
      if (start >= fromMs && start < toMs) slots.push({ start, end: start + step, businessDay: day });
    }
  }
  return slots;
}
