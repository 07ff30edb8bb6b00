// "open now", "open on Sunday", "open late": checked against each business's weekly hours
// in its own time zone (derived from its coordinates) and its blackout dates.
import { closesAtOrAfter, isOpenAt, isOpenOn, localTime } from '../../domain/openingHours';
import type { SearchIntent } from '../../domain/search/intent';
import type { SearchDocument } from '../../ports/searchIndex';

/** "Late" means still open at 22:00 local time or later. */
export const LATE_MINUTES = 22 * 60;
const FALLBACK_TIME_ZONE = 'UTC';

export function openNow(doc: SearchDocument, now: Date): boolean {
  return isOpenAt(doc.hours, doc.blackoutDates, doc.timeZone ?? FALLBACK_TIME_ZONE, now);
}

/** True when the document satisfies every time condition of the intent. */
export function matchesWhen(doc: SearchDocument, when: SearchIntent['when'], now: Date): boolean {
  if (!when) return true;
  if (when.openNow && !openNow(doc, now)) return false;
  const day = when.day ?? localTime(doc.timeZone ?? FALLBACK_TIME_ZONE, now).weekday;
  if (when.day && !isOpenOn(doc.hours, when.day)) return false;
  if (when.late && !closesAtOrAfter(doc.hours, day, LATE_MINUTES)) return false;
  return true;
}
