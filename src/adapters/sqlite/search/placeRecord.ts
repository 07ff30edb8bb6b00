// The place record of a document (native/placeRecord.h): the values the row filters of a search
// near a point test (documentRow.ts's columns, the same doubles), kept in the place list of the
// document's grid cell and of each of its kinds, so top-k text retrieval (topText.ts) and kind
// and place searches (topPlaces.ts) filter without reading rows.
import { type Environment, VERIFICATION_LEVELS } from '../../../domain/profile';
import type { SearchDocument } from '../../../ports/searchIndex';
import type { DocumentRow } from './documentRow';
import { documentSureOpenHours } from './openingMasks';

export const PLACE_BYTES = 104;

const OFFSET = { lat: 0, lon: 8, minPrice: 16, rating: 24, reviews: 32, openH0: 40, sureH0: 64, openDays: 88, flags: 89, blackoutDays: 90, verification: 98 } as const;
const FLAG = { hasMasks: 1, hasPrice: 2, noBlackout: 4, blackoutListed: 8 } as const;
const BLACKOUT_SLOTS = 4;
const DAY_MS = 86_400_000;
const DAY_ZERO = Date.UTC(2000, 0, 1);

/** A date ("YYYY-MM-DD") as days since 2000-01-01, as the record keeps blackout dates (native/placeRecord.h); null outside 1..65535. */
export function placeDay(date: string): number | null {
  const at = Date.parse(`${date}T00:00:00Z`);
  const day = Math.round((at - DAY_ZERO) / DAY_MS);
  return Number.isFinite(day) && day >= 1 && day <= 0xffff ? day : null;
}

/** Test environment lists sit above every cell number (geoCellOf stays below 2^30). */
const TEST_LISTS = 2 ** 40;

/** The place list of a grid cell (distanceRings.ts geoCellOf) in an environment. */
export function placesList(environment: Environment, geoCell: number): number {
  return environment === 'test' ? TEST_LISTS + geoCell : geoCell;
}

/** Edge of the cells postings are cut by, in degrees (about 11 km of latitude). */
const POSTINGS_CELL_DEGREES = 0.1;
const POSTINGS_LON_CELLS = Math.round(360 / POSTINGS_CELL_DEGREES);
const POSTINGS_LAT_CELLS = Math.round(180 / POSTINGS_CELL_DEGREES);
/** The postings cell of documents without coordinates: after every cell of the grid. */
export const NO_POSTINGS_CELL = POSTINGS_LAT_CELLS * POSTINGS_LON_CELLS;

const postingsLatIndex = (lat: number): number => Math.floor((Math.min(lat, 89.999999) + 90) / POSTINGS_CELL_DEGREES);
const postingsLonIndex = (lon: number): number => Math.floor((Math.min(lon, 179.999999) + 180) / POSTINGS_CELL_DEGREES);

/**
 * The cell a document's postings are kept under (row-major 0.1-degree cells): a search near a point
 * reads, of each word, only the postings of the cells its box covers.
 */
export function postingsCell(coordinates: { lat: number; lon: number } | undefined): number {
  return coordinates ? postingsLatIndex(coordinates.lat) * POSTINGS_LON_CELLS + postingsLonIndex(coordinates.lon) : NO_POSTINGS_CELL;
}

/** The postings cells a box covers, one range per row of cells (the box must not cross the antimeridian). */
export function postingsCellRanges(box: { minLat: number; maxLat: number; minLon: number; maxLon: number }): Array<[number, number]> {
  const fromLon = postingsLonIndex(box.minLon);
  const toLon = postingsLonIndex(box.maxLon);
  const ranges: Array<[number, number]> = [];
  for (let row = postingsLatIndex(box.minLat); row <= postingsLatIndex(box.maxLat); row++) {
    ranges.push([row * POSTINGS_LON_CELLS + fromLon, row * POSTINGS_LON_CELLS + toLon]);
  }
  return ranges;
}

/** The record of a document with coordinates; null without them (it never passes a `near` filter). */
export function placeRecord(row: DocumentRow, doc: Pick<SearchDocument, 'hours' | 'timeZone' | 'blackoutDates'>): Buffer | null {
  if (row.lat === null || row.lon === null) return null;
  const record = Buffer.alloc(PLACE_BYTES);
  record.writeDoubleLE(row.lat, OFFSET.lat);
  record.writeDoubleLE(row.lon, OFFSET.lon);
  record.writeDoubleLE(row.minPrice ?? Number.NaN, OFFSET.minPrice);
  record.writeDoubleLE(row.averageRating, OFFSET.rating);
  record.writeDoubleLE(row.reviewCount, OFFSET.reviews);
  [row.openH0, row.openH1, row.openH2].forEach((mask, i) => record.writeBigUInt64LE(BigInt.asUintN(64, mask), OFFSET.openH0 + 8 * i));
  documentSureOpenHours(doc).forEach((mask, i) => record.writeBigUInt64LE(mask, OFFSET.sureH0 + 8 * i));
  record.writeUInt8(row.openDays, OFFSET.openDays);
  // An unknown level (never written by a valid document) matches no verification filter.
  const level = (VERIFICATION_LEVELS as readonly string[]).indexOf(row.verificationLevel);
  record.writeUInt8(level < 0 ? 0xff : level, OFFSET.verification);
  let flags = FLAG.hasMasks;
  if (row.minPrice !== null) flags |= FLAG.hasPrice;
  const blackout = doc.blackoutDates;
  const days = blackout.map(placeDay);
  if (blackout.length === 0) flags |= FLAG.noBlackout;
  else if (days.length <= BLACKOUT_SLOTS && days.every((day) => day !== null)) {
    flags |= FLAG.blackoutListed;
    days.forEach((day, i) => record.writeUInt16LE(day!, OFFSET.blackoutDays + 2 * i));
  }
  record.writeUInt8(flags, OFFSET.flags);
  return record;
}
