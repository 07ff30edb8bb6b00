// The business's own local day of an event (AnalyticsEvent.localDate): its zone comes from its
// coordinates (timeZoneAt, the zone search documents also carry); a business without
// coordinates has no known zone and counts in UTC.
import type { Coordinates } from '../profile';
import { timeZoneAt } from '../timeZone';
import { localDateOf } from '../localTime';

export function businessTimeZone(place: { timeZone?: string; coordinates?: Coordinates }): string {
  if (place.timeZone) return place.timeZone;
  return place.coordinates ? timeZoneAt(place.coordinates) : 'UTC';
}

export function businessLocalDate(instant: Date | string, place: { timeZone?: string; coordinates?: Coordinates }): string {
  return localDateOf(instant, businessTimeZone(place));
}
