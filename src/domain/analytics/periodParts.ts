// A range of local days split into the whole calendar months inside it and the days left at its
// ends, so peer totals over a year are read from about 12 monthly rows per peer plus the odd days,
// not from 366 daily ones.
import { addDays, firstOfNextMonth } from '../localTime';

export interface DayRange {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

export interface PeriodParts {
  /** The whole months (YYYY-MM, inclusive), or null when none fits. */
  months: { from: string; to: string } | null;
  /** The days outside those months (none, one or two ranges, ascending). */
  days: DayRange[];
}

/** `from` and `to` are YYYY-MM-DD with from <= to. */
export function periodParts(from: string, to: string): PeriodParts {
  const firstWhole = from.endsWith('-01') ? from : firstOfNextMonth(from);
  // The day after `to` starts a month exactly when `to` ends one.
  const afterTo = addDays(to, 1);
  const endOfWhole = afterTo.endsWith('-01') ? afterTo : `${to.slice(0, 7)}-01`;
  if (firstWhole >= endOfWhole) return { months: null, days: [{ from, to }] };
  const days: DayRange[] = [];
  if (from < firstWhole) days.push({ from, to: addDays(firstWhole, -1) });
  if (endOfWhole <= to) days.push({ from: endOfWhole, to });
  return { months: { from: firstWhole.slice(0, 7), to: addDays(endOfWhole, -1).slice(0, 7) }, days };
}
