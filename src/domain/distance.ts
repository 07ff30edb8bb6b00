// Search radius and great-circle distance. Distances in the API are kilometres, so
// every radius is converted to km once, at parse time.

import type { Coordinates } from './profile';

const UNIT_TO_KM: Partial<Record<string, number>> = {
  km: 1, kms: 1, kilometer: 1, kilometers: 1, kilometre: 1, kilometres: 1,
  mi: 1.609344, mile: 1.609344, miles: 1.609344,
  m: 0.001, meter: 0.001, meters: 0.001, metre: 0.001, metres: 0.001,
};

/**
 * "50km", "10 mi", "500m", "2.5km" -> kilometres. A unit is required (a bare number is ambiguous);
 * zero, negative or non-numeric radii give null. Bounds (e.g. at most 500 km) belong to the schema.
 */
export function parseRadius(text: string): number | null {
  if (typeof text !== 'string') return null;
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-z]+)\s*$/i.exec(text);
  if (!match) return null;
  const factor = UNIT_TO_KM[match[2].toLowerCase()];
  const value = Number(match[1]);
  if (factor === undefined || !Number.isFinite(value) || value <= 0) return null;
  return value * factor;
}

/** IUGG mean radius, km: the value Elasticsearch's arc distance uses, so both indexes agree on distances. */
export const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineKm(a: Coordinates, b: Coordinates): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  // min() guards against h drifting just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
