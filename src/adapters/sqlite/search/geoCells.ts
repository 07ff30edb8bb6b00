// Grid cells written as FTS tokens, so a `near` query narrows the FTS candidates to the area
// before any row is read (a doclist intersection instead of thousands of row lookups). Cells are
// only a prefilter: the bounding box and the exact haversine cut still run on the rows.
import type { Coordinates } from '../../../domain/profile';
import type { BoundingBox } from './geo';

/** Cell edge in degrees per level: ~11 km, ~55 km and ~280 km of latitude. */
const LEVELS = [0.1, 0.5, 2.5] as const;

/**
 * How many cells a query may OR together; the finest level within it is used. Without text the
 * cells are the whole prefilter, and finer cells let fewer rows through. With text, each cell is
 * one more phrase checked on every match (and, scored by bm25() rather than bm25_given, scanned
 * for its idf), so a few coarse cells win: the extra rows they let through cost a join and a
 * distance, not a score. Measured at 100 000 businesses: text-less 25-50 km searches took 8.9 ms
 * with 16 cells against 10.5 ms with 4; the consumer benchmark's raw p99 (all with text) 7.5 ms
 * with 4 against 8.6 ms with 16. With bm25_given, its index time per search was 2.25-2.27 ms with
 * 4 cells, 2.19-2.27 with 8 and 2.36-2.38 with 16.
 */
export const MAX_QUERY_CELLS = { withText: 4, withoutText: 16 } as const;

// Letters then digits: one unicode61 token that the porter stemmer leaves alone (no suffix to strip).
const cellToken = (level: number, latIndex: number, lonIndex: number): string => `xg${level}n${latIndex}e${lonIndex}`;

const latIndexOf = (lat: number, size: number): number => Math.floor((Math.min(lat, 89.999999) + 90) / size);
const lonIndexOf = (lon: number, size: number): number => Math.floor((Math.min(lon, 179.999999) + 180) / size);

/** The cell of `point` at every level, for the document's tags. */
export function documentCellTokens(point: Coordinates): string[] {
  return LEVELS.map((size, level) => cellToken(level, latIndexOf(point.lat, size), lonIndexOf(point.lon, size)));
}

/**
 * The cells covering `box` at the finest level that needs at most `maxCells` of them, or null
 * when even the coarsest level needs more (a continent-sized radius: no prefilter).
 */
export function coveringCellTokens(box: BoundingBox, maxCells: number): string[] | null {
  for (let level = 0; level < LEVELS.length; level++) {
    const size = LEVELS[level];
    const lonCells = 360 / size;
    const fromLat = latIndexOf(box.minLat, size);
    const toLat = latIndexOf(box.maxLat, size);
    const fromLon = lonIndexOf(box.minLon, size);
    let toLon = lonIndexOf(box.maxLon, size);
    // A box across the antimeridian wraps around the last column.
    if (box.minLon > box.maxLon) toLon += lonCells;
    const count = (toLat - fromLat + 1) * (toLon - fromLon + 1);
    if (count > maxCells) continue;
    const tokens: string[] = [];
    for (let lat = fromLat; lat <= toLat; lat++) {
      for (let lon = fromLon; lon <= toLon; lon++) tokens.push(cellToken(level, lat, lon % lonCells));
    }
    return tokens;
  }
  return null;
}
