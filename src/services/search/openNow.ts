// Whether a candidate is open now, in its own time zone (derived from its coordinates) and by its
// blackout dates: a ranking signal for every consumer search. The "open now" / "on Sunday" /
// "late" filters run in the index (domain/search/openingFilter.ts).
import { isOpenAt } from '../../domain/openingHours';
import { FALLBACK_TIME_ZONE } from '../../domain/search/openingFilter';
import type { SearchDocument } from '../../ports/searchIndex';

export function openNow(doc: SearchDocument, now: Date): boolean {
  return isOpenAt(doc.hours, doc.blackoutDates, doc.timeZone ?? FALLBACK_TIME_ZONE, now);
}
