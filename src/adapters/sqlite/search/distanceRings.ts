// Nearest-first pages without sorting every match: the ring scan.
//
// Each documents row carries the fine grid cell of its point (`geo_cell`, 0.01 degree, about
// 1.1 km of latitude), indexed after the environment and after the category. A page sorted by
// distance is first asked of a small circle around the point; when that circle already holds
// `offset + limit` matches, the page is the true one, and wider circles are never read:
//
//   every match outside a circle of radius r is farther than r, and every match inside is at
//   most r away, so when the circle holds offset + limit matches, the first offset + limit of
//   the whole radius (distance, then id) are all inside it, in the same order.
//
// Otherwise the radius doubles (four times the area, so the circles read before the last one
// add at most a third to its cost) until it reaches the query's own radius. A circle is read as
// one index range per row of cells its bounding box spans, so its cost follows the businesses
// near the point, not the matches of the whole radius.
import type { Coordinates } from '../../../domain/profile';
import { type BoundingBox, boundingBox } from './geo';

/** Cell edge in degrees. */
const CELL_DEGREES = 0.01;
const LON_CELLS = Math.round(360 / CELL_DEGREES);

/** The first circle is no smaller than this, and no more than this many circles are tried. */
const SMALLEST_RING_KM = 0.25;
const MAX_RINGS = 10;
/**
 * Rows of cells a circle may span (about 2 200 km of latitude): beyond it, or across the
 * antimeridian (two ranges per row), the query keeps the FTS plan.
 */
export const MAX_RING_CELL_ROWS = 2000;

const latIndexOf = (lat: number): number => Math.floor((Math.min(lat, 89.999999) + 90) / CELL_DEGREES);
const lonIndexOf = (lon: number): number => Math.floor((Math.min(lon, 179.999999) + 180) / CELL_DEGREES);

/** The fine cell of a point: row-major, so the cells of one row of a box are one key range. */
export function geoCellOf(point: Coordinates): number {
  return latIndexOf(point.lat) * LON_CELLS + lonIndexOf(point.lon);
}

/** Named parameters of one circle: its box, its radius and its rows of cells. */
export interface RingParams {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
  radiusKm: number;
  fromLatCell: number;
  toLatCell: number;
  fromLonCell: number;
  toLonCell: number;
}

function ringParams(center: Coordinates, radiusKm: number): RingParams | null {
  const box: BoundingBox = boundingBox(center, radiusKm);
  const cells = boxCells(box);
  return cells === null ? null : { ...box, radiusKm, ...cells };
}

/** The rows and columns of cells a box spans (cut as geoCellOf cuts a point); null across the antimeridian or past MAX_RING_CELL_ROWS rows. */
export interface BoxCells {
  fromLatCell: number;
  toLatCell: number;
  fromLonCell: number;
  toLonCell: number;
}

export function boxCells(box: BoundingBox): BoxCells | null {
  if (box.minLon > box.maxLon) return null;
  const fromLatCell = latIndexOf(box.minLat);
  const toLatCell = latIndexOf(box.maxLat);
  if (toLatCell - fromLatCell + 1 > MAX_RING_CELL_ROWS) return null;
  return { fromLatCell, toLatCell, fromLonCell: lonIndexOf(box.minLon), toLonCell: lonIndexOf(box.maxLon) };
}

/** A cell's number from its row and column (geoCellOf's numbering). */
export const cellNumber = (latCell: number, lonCell: number): number => latCell * LON_CELLS + lonCell;

/**
 * The cells of a box, as ranges of cell numbers: one per row of cells. Null across the
 * antimeridian or past MAX_RING_CELL_ROWS rows.
 */
export function boxCellRanges(box: BoundingBox): Array<[number, number]> | null {
  const cells = boxCells(box);
  if (cells === null) return null;
  const ranges: Array<[number, number]> = [];
  for (let row = cells.fromLatCell; row <= cells.toLatCell; row++) ranges.push([cellNumber(row, cells.fromLonCell), cellNumber(row, cells.toLonCell)]);
  return ranges;
}

/** The radii of the circles to try, smallest first, the last the query's own: halving down to SMALLEST_RING_KM, at most MAX_RINGS. */
export function ringRadii(radiusKm: number): number[] {
  const radii = [radiusKm];
  for (let r = radiusKm / 2; r >= SMALLEST_RING_KM && radii.length < MAX_RINGS; r /= 2) radii.unshift(r);
  return radii;
}

/**
 * The circles to try, smallest first; the last is the query's own radius. Null when the cells
 * cannot serve the radius (see MAX_RING_CELL_ROWS).
 */
export function distanceRings(center: Coordinates, radiusKm: number): RingParams[] | null {
  if (ringParams(center, radiusKm) === null) return null;
  return ringRadii(radiusKm).map((r) => ringParams(center, r) as RingParams);
}

/**
 * The rows of cells of the circle, then every documents row whose cell lies in the circle's box
 * (`d` must be the documents table): one index range per row of cells.
 */
export const RING_CELL_ROWS =
  'WITH RECURSIVE cell_rows(lat_cell) AS (SELECT @fromLatCell UNION ALL SELECT lat_cell + 1 FROM cell_rows WHERE lat_cell < @toLatCell) ';
export const RING_CELL_CONDITION =
  `d.geo_cell BETWEEN cell_rows.lat_cell * ${LON_CELLS} + @fromLonCell AND cell_rows.lat_cell * ${LON_CELLS} + @toLonCell`;
