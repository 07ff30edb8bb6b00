// Great-circle distance and the bounding box used to prefilter on the indexed lat/lon columns.
// The box is a cheap superset; the exact radius cut is haversine (registered as a SQL function).
import { EARTH_RADIUS_KM } from '../../../domain/distance';
import type { Coordinates } from '../../../domain/profile';

// One great-circle formula for the whole service (domain/distance.ts); the SQL function calls it.
export { EARTH_RADIUS_KM, haversineKm } from '../../../domain/distance';

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;
const toDegrees = (radians: number): number => (radians * 180) / Math.PI;

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** When `minLon > maxLon` the box crosses the antimeridian: lon >= minLon OR lon <= maxLon. */
  minLon: number;
  maxLon: number;
}

// Float slack so a point exactly on the radius is never cut by the box before haversine sees it.
const SLACK_DEGREES = 1e-6;

/**
 * Smallest lat/lon box containing every point within `radiusKm` of `center` (J. Matuschek,
 * "Finding Points Within a Distance of a Latitude/Longitude Using Bounding Coordinates").
 */
export function boundingBox(center: Coordinates, radiusKm: number): BoundingBox {
  const angular = Math.max(0, radiusKm) / EARTH_RADIUS_KM;
  if (angular >= Math.PI) return { minLat: -90, maxLat: 90, minLon: -180, maxLon: 180 };
  const lat = toRadians(center.lat);
  const minLat = toDegrees(lat - angular) - SLACK_DEGREES;
  const maxLat = toDegrees(lat + angular) + SLACK_DEGREES;
  // A pole inside the circle: every longitude is reachable.
  if (minLat <= -90 || maxLat >= 90) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), minLon: -180, maxLon: 180 };
  }
  const dLon = toDegrees(Math.asin(Math.min(1, Math.sin(angular) / Math.cos(lat)))) + SLACK_DEGREES;
  if (dLon >= 180) return { minLat, maxLat, minLon: -180, maxLon: 180 };
  let minLon = center.lon - dLon;
  let maxLon = center.lon + dLon;
  if (minLon < -180) minLon += 360;
  if (maxLon > 180) maxLon -= 360;
  return { minLat, maxLat, minLon, maxLon };
}
