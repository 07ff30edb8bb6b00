// A business's time zone, derived from its coordinates (issue 3: "weekly hours in the business's
// own time zone, derived from its coordinates"). tz-lookup is an offline boundary raster, so this
// is a pure, fast function with no I/O; near borders it can pick the neighbouring zone, which for
// opening hours is an acceptable trade against shipping full boundary polygons.

import tzlookup from 'tz-lookup';
import type { Coordinates } from './profile';
import { ValidationError } from './errors';

/** Zones Intl cannot format (an old alias in the raster) fall back to UTC rather than throwing later. */
const supported = new Map<string, boolean>();

function isSupported(zone: string): boolean {
  let ok = supported.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    supported.set(zone, ok);
  }
  return ok;
}

/** IANA time-zone name at `coords`, such as `America/Chicago`. */
export function timeZoneAt(coords: Coordinates): string {
  const { lat, lon } = coords ?? ({} as Coordinates);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || lat < -90 || lat > 90 || lon < -180 || lon > 180) {
    throw new ValidationError('location.coordinates', 'must be lat -90..90 and lon -180..180');
  }
  const zone = tzlookup(lat, lon);
  return isSupported(zone) ? zone : 'UTC';
}
