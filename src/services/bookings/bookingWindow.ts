// The time range of an availability or bookings-list query. `from` / `to` are ISO 8601 instants
// with an offset, or calendar dates read in the business's zone: a date `from` starts at its local
// midnight, a date `to` includes that whole day. Ranges are half-open [from, to).
import { addDays as shiftDate, instantOfLocal } from '../../domain/localTime';
import { ValidationError } from '../../domain/errors';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

// Time zone arithmetic on dates outside these years fails (RangeError) or answers a wrong instant:
// found by the schemathesis run as a 500 on the bookings lists.
const FIRST_YEAR = 1900;
const LAST_YEAR = 9998;

/** An instant as given, or a date's local midnight (its end, the next midnight, when `end`). */
export function windowEdge(value: string, timeZone: string, end: boolean): number {
  if (!DATE_ONLY.test(value)) return Date.parse(value);
  const year = Number(value.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) throw new ValidationError(end ? 'to' : 'from', `must be a date in the years ${FIRST_YEAR}-${LAST_YEAR}`);
  return instantOfLocal(timeZone, end ? shiftDate(value, 1) : value, 0);
}

export interface WindowOptions {
  timeZone: string;
  now: Date;
  /** Longest allowed range in days. */
  maxDays: number;
  /** Length of the range when `to` is left out. */
  defaultDays: number;
}

export function resolveWindow(query: { from?: string; to?: string }, options: WindowOptions): { from: number; to: number } {
  const from = query.from !== undefined ? windowEdge(query.from, options.timeZone, false) : options.now.getTime();
  const to = query.to !== undefined ? windowEdge(query.to, options.timeZone, true) : from + options.defaultDays * DAY_MS;
  if (to <= from) throw new ValidationError('to', 'must be after from');
  if (to - from > options.maxDays * DAY_MS) throw new ValidationError('to', `must be at most ${options.maxDays} days after from`);
  return { from, to };
}
