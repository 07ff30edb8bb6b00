// A place's point from the geometry a source file carries: GeoParquet's and Overture's well-known
// binary (WKB, OGC Simple Features; EWKB's SRID flag tolerated), GeoJSON's {type: "Point",
// coordinates: [lon, lat]} (Overture's GeoJSON exports), or WKT "POINT (lon lat)" (a CSV written by
// a spatial tool). Only points: a place with another geometry is not placed.
import type { Coordinates } from '../profile';

const WKB_POINT = 1;
const EWKB_SRID_FLAG = 0x20000000;
const EWKB_Z_FLAG = 0x80000000;
const EWKB_M_FLAG = 0x40000000;

function fromWkb(bytes: Uint8Array): Coordinates | undefined {
  if (bytes.length < 21) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = view.getUint8(0) === 1;
  const rawType = view.getUint32(1, little);
  // ISO WKB writes Z/M points as 1001/2001/3001; EWKB sets high bits. The first two doubles are x, y either way.
  const type = (rawType & ~(EWKB_SRID_FLAG | EWKB_Z_FLAG | EWKB_M_FLAG)) % 1000;
  if (type !== WKB_POINT) return undefined;
  const offset = rawType & EWKB_SRID_FLAG ? 9 : 5;
  if (bytes.length < offset + 16) return undefined;
  return { lon: view.getFloat64(offset, little), lat: view.getFloat64(offset + 8, little) };
}

function fromWkt(text: string): Coordinates | undefined {
  const match = /^\s*POINT\s*(?:Z|M|ZM)?\s*\(\s*([-+\d.eE]+)\s+([-+\d.eE]+)(?:\s+[-+\d.eE]+){0,2}\s*\)\s*$/i.exec(text);
  return match ? { lon: Number(match[1]), lat: Number(match[2]) } : undefined;
}

function fromGeoJson(value: Record<string, unknown>): Coordinates | undefined {
  if (value.type !== 'Point' || !Array.isArray(value.coordinates) || value.coordinates.length < 2) return undefined;
  const [lon, lat] = value.coordinates as unknown[];
  return typeof lon === 'number' && typeof lat === 'number' ? { lon, lat } : undefined;
}

/** The point, or undefined when the value holds none (absent, empty, another geometry). NaN stays for the validator to refuse. */
export function pointOf(geometry: unknown): Coordinates | undefined {
  if (geometry instanceof Uint8Array) return fromWkb(geometry);
  if (typeof geometry === 'string') {
    const text = geometry.trim();
    if (text.startsWith('{')) {
      try {
        return pointOf(JSON.parse(text));
      } catch {
        return undefined;
      }
    }
    // Hex WKB, as some tools write a binary column into text.
    if (/^(00|01)[0-9a-f]{40,}$/i.test(text)) return fromWkb(Buffer.from(text, 'hex'));
    return fromWkt(text);
  }
  if (geometry !== null && typeof geometry === 'object') return fromGeoJson(geometry as Record<string, unknown>);
  return undefined;
}

/** WKB of a point, little-endian: what a GeoParquet file holds in its geometry column. */
export function pointToWkb({ lon, lat }: Coordinates): Uint8Array {
  const bytes = new Uint8Array(21);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, 1);
  view.setUint32(1, WKB_POINT, true);
  view.setFloat64(5, lon, true);
  view.setFloat64(13, lat, true);
  return bytes;
}
