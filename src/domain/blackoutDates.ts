// Blackout dates (spec 2.4) are days in the business's own calendar. Only today onwards can
// change an "open" answer, so past dates are dropped whenever the list is written and dates
// beyond a two-year horizon are refused: the list, sent with every GET and search document,
// stays bounded.
import { ValidationError } from './errors';
import { addDays as shiftDate, localTime } from './localTime';
import type { Coordinates } from './profile';
import { timeZoneAt } from './timeZone';

export const BLACKOUT_HORIZON_DAYS = 730;
/** Today plus the horizon: the most a profile stores. */
export const MAX_BLACKOUT_DATES = BLACKOUT_HORIZON_DAYS + 1;

// Without coordinates the zone is unknown; UTC-12 is the last zone where a date is still today,
// so no date is dropped while it is today somewhere.
const LATEST_CALENDAR_ZONE = 'Etc/GMT+12';

/** The business's local date now, YYYY-MM-DD. */
export function businessToday(coordinates: Coordinates | undefined, now: Date): string {
  return localTime(coordinates ? timeZoneAt(coordinates) : LATEST_CALENDAR_ZONE, now).date;
}

/** Stored dates from `today` on. */
export function upcomingBlackoutDates(stored: string[], today: string): string[] {
  return stored.filter((date) => date >= today);
}

/** The stored list with `adding` merged in: sorted, distinct, past dates dropped, beyond the horizon refused. */
export function withBlackoutDates(stored: string[], adding: string[], today: string): string[] {
  const last = shiftDate(today, BLACKOUT_HORIZON_DAYS);
  const tooFar = adding.findIndex((date) => date > last);
  if (tooFar >= 0) {
    throw new ValidationError(`dates.${tooFar}`, `must be no later than ${last} (${BLACKOUT_HORIZON_DAYS} days after today in the business's time zone)`);
  }
  const merged = upcomingBlackoutDates([...new Set([...stored, ...adding])], today).sort();
  // Only reachable with dates stored before the horizon existed; removing them makes room.
  if (merged.length > MAX_BLACKOUT_DATES) {
    throw new ValidationError('dates', `would make ${merged.length} stored dates; a profile keeps at most ${MAX_BLACKOUT_DATES}`);
  }
  return merged;
}
