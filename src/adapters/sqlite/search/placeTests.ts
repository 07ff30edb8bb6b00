// The row filters of a search near a point as place records answer them (native/placeFilter.h):
// the circle, price, rating, reviews, verification and the time filter's bitset tests, built from
// a query and written into the specs of top_text and top_places in one layout. Pure, no I/O.
import { VERIFICATION_LEVELS, WEEKDAYS } from '../../../domain/profile';
import type { OpeningFilter } from '../../../domain/search/openingFilter';
import type { SearchQuery } from '../../../ports/searchIndex';
import { boundingBox, type BoundingBox } from './geo';
import { utcHourOfWeek } from './openingMasks';
import { placeDay } from './placeRecord';
import type { SpecWriter } from './specWriter';

const HOURS_PER_MASK = 56;

/** How the masks decide a time filter (native/placeFilter.h SURE_*): not at all, "open now" alone, a weekday or weekends alone. */
const SURE = { none: 0, openNow: 1, days: 2 } as const;

export interface OpeningTests {
  filter: OpeningFilter;
  hourMask: number;
  hourBit: number;
  dayBit: number;
  sure: number;
}

export interface PlaceTests {
  near: { lat: number; lon: number; radiusKm: number; box: BoundingBox };
  maxPrice?: number;
  minRating?: number;
  minReviewCount?: number;
  /** Levels let through; absent: no verification filter. */
  verificationLevels?: readonly string[];
  opening?: OpeningTests;
}

/** The tests of `query`'s row filters around its point (the caller checks it has one). */
export function placeTests(query: SearchQuery & { near: NonNullable<SearchQuery['near']> }, withVerification: boolean): PlaceTests {
  const { lat, lon, radiusKm } = query.near;
  return {
    near: { lat, lon, radiusKm, box: boundingBox(query.near, radiusKm) },
    ...(query.maxPrice !== undefined && { maxPrice: query.maxPrice }),
    ...(query.minRating !== undefined && { minRating: query.minRating }),
    ...(query.minReviewCount !== undefined && { minReviewCount: query.minReviewCount }),
    ...(withVerification && query.verificationLevels?.length && { verificationLevels: query.verificationLevels }),
    ...(query.opening && { opening: openingTests(query.opening) }),
  };
}

/** The mask tests of openingMaskConditions (openingMasks.ts), and whether they decide the filter alone. */
export function openingTests(filter: OpeningFilter): OpeningTests {
  const hour = utcHourOfWeek(new Date(filter.at));
  const others = filter.relativeDay !== undefined || filter.late || filter.allDay || filter.openAt !== undefined || filter.openUntil !== undefined;
  let sure: number = SURE.none;
  if (!others && filter.openNow && !filter.day && !filter.weekend) sure = SURE.openNow;
  // A weekday or the weekend alone is "has hours that day" (matchesOpening): what open_days holds.
  if (!others && !filter.openNow && (filter.day || filter.weekend)) sure = SURE.days;
  return {
    filter,
    hourMask: Math.floor(hour / HOURS_PER_MASK),
    hourBit: hour % HOURS_PER_MASK,
    dayBit: filter.day ? WEEKDAYS.indexOf(filter.day) : 0,
    sure,
  };
}

/** The bit of each level let through, as the place record keeps levels (placeRecord.ts). */
export function verificationBits(levels: readonly string[]): number {
  return levels.reduce((bits, level) => {
    const index = (VERIFICATION_LEVELS as readonly string[]).indexOf(level);
    return index < 0 ? bits : bits | (1 << index);
  }, 0);
}

/** native/placeFilter.c readPlaceTests' layout; without `tests`, none (a search without a point). */
export function writePlaceTests({ u8, u32, f64 }: SpecWriter, tests: PlaceTests | undefined): void {
  const opening = tests?.opening;
  // Bits: the three mask tests, and 8 for any time filter (the exact rules decide what the masks let through).
  u8(opening ? 8 | (opening.filter.openNow ? 1 : 0) | (opening.filter.day ? 2 : 0) | (!opening.filter.day && opening.filter.weekend ? 4 : 0) : 0);
  u8(opening?.sure ?? SURE.none);
  u8(tests?.maxPrice !== undefined ? 1 : 0);
  u8(tests?.minRating !== undefined ? 1 : 0);
  u8(tests?.minReviewCount !== undefined ? 1 : 0);
  u8(opening?.hourMask ?? 0);
  u8(opening?.hourBit ?? 0);
  u8(opening?.dayBit ?? 0);
  // No level at all: a filter nothing passes, which 0 (no filter) would not say.
  u8(tests?.verificationLevels ? verificationBits(tests.verificationLevels) || 0x80 : 0);
  u32(opening ? placeDay(opening.filter.at.slice(0, 10)) ?? 0 : 0);
  f64(tests?.maxPrice ?? 0);
  f64(tests?.minRating ?? 0);
  f64(tests?.minReviewCount ?? 0);
  const near = tests?.near;
  for (const value of near ? [near.lat, near.lon, near.radiusKm, near.box.minLat, near.box.maxLat, near.box.minLon, near.box.maxLon] : [0, 0, 0, 0, 0, 0, 0]) f64(value);
}
