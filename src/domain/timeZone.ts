// A business's time zone, derived from its coordinates ("weekly hours in the business's
// own time zone, derived from its coordinates"). tz-lookup is an offline boundary raster, so this
// is a pure, fast function with no I/O; near borders it can pick the neighbouring zone, which for
// opening hours is an acceptable trade against shipping full boundary polygons.

import tzlookup from 'tz-lookup';
import { isWithin, LATITUDE, LONGITUDE, type Coordinates } from './profile';
import { ValidationError } from './errors';
import { isKnownTimeZone } from './localTime';

const isSupported = isKnownTimeZone;

/** IANA time-zone name at `coords`, such as `America/Chicago`. */
export function timeZoneAt(coords: Coordinates): string {
  const { lat, lon } = coords;
  if (!isWithin(lat, LATITUDE) || !isWithin(lon, LONGITUDE)) {
    throw new ValidationError('location.coordinates', `must be lat ${LATITUDE.minimum}..${LATITUDE.maximum} and lon ${LONGITUDE.minimum}..${LONGITUDE.maximum}`);
  }
  const zone = tzlookup(lat, lon);
  return isSupported(zone) ? zone : 'UTC';
}

/** A business's time zone: from its coordinates, UTC for a profile without them (analytics' local days). */
export function businessTimeZone(location: { coordinates?: { lat: number; lon: number } } | undefined): string {
  const coordinates = location?.coordinates;
  return coordinates ? timeZoneAt(coordinates) : 'UTC';
}
