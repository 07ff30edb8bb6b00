// Whether top-k text retrieval (native/topText.c, topText.ts) can answer a query, and the spec it
// reads: pure, no I/O. It serves text ranked by relevance, best first, with the filters a consumer
// search sends: categories, city, state, country and verification (tag lists), and near a point
// the radius, price, rating, review and time filters (tested on place records). Anything else
// (a prefix word, another sort, a postal code, a row filter without a point) keeps the SQL plan.
import { WEEKDAYS } from '../../../domain/profile';
import type { OpeningFilter } from '../../../domain/search/openingFilter';
import { EXACT_TOTAL_BOUND, type SearchQuery } from '../../../ports/searchIndex';
import { boxCellRanges } from './distanceRings';
import { queryTagGroups } from './filterTags';
import { boundingBox, type BoundingBox } from './geo';
import type { GenerationTables } from './indexTables';
import type { PhraseTerm, TextMatch } from './matchExpression';
import { utcHourOfWeek } from './openingMasks';
import { NO_POSTINGS_CELL, placeDay, placesList, postingsCellRanges } from './placeRecord';

const SPEC_MAGIC = 0x31585454; // "TTX1", native/topText.c
const MAX_PHRASES = 32;
const MAX_GROUPS = 8;
const MAX_GROUP_TERMS = 16;
const HOURS_PER_MASK = 56;

/** How the masks decide a time filter (native/topText.c SURE_*): not at all, "open now" alone, a weekday or weekends alone. */
const SURE = { none: 0, openNow: 1, days: 2 } as const;

export interface TopTextRequest {
  environment: SearchQuery['environment'];
  /** The text's MATCH expression (fenced as the plan's), which finds a row whenever any phrase matches. */
  anchor: string;
  terms: PhraseTerm[];
  fenced: boolean;
  groups: string[][];
  near?: { lat: number; lon: number; radiusKm: number; box: BoundingBox; lists: Array<[number, number]> };
  /** The postings cells to read (placeRecord.ts postingsCell): the box's near a point, else every one. */
  cells: Array<[number, number]>;
  maxPrice?: number;
  minRating?: number;
  minReviewCount?: number;
  opening?: { filter: OpeningFilter; hourMask: number; hourBit: number; dayBit: number; sure: number };
  /** Equal scores in the SQL plan's order: by row id (text alone) or by document id (searchPlan.ts). */
  tieBreak: 'rowid' | 'id';
  /** Matches to rank: the page and all before it. */
  k: number;
  /** Without a point: matches counted exactly before counting may stop (the port's EXACT_TOTAL_BOUND; 0: never stops). */
  exactUpTo: number;
  offset: number;
  limit: number;
}

/** The request for `query`, or null when the SQL plan must answer it. `anchor` is the text's MATCH expression. */
export function topTextRequest(query: SearchQuery, text: TextMatch, anchor: string, tieBreak: TopTextRequest['tieBreak']): TopTextRequest | null {
  const relevance = query.sort === 'relevance' || (query.sort === 'distance' && !query.near);
  if (!relevance || query.order !== 'desc' || query.postalCode !== undefined) return null;
  if (text.terms.length > MAX_PHRASES || text.terms.some((term) => term.prefix)) return null;
  const groups = queryTagGroups(query);
  if (groups.length > MAX_GROUPS || groups.some((group) => group.length > MAX_GROUP_TERMS)) return null;
  const rowFilters = query.maxPrice !== undefined || query.minRating !== undefined || query.minReviewCount !== undefined || query.opening !== undefined;
  let near: TopTextRequest['near'];
  if (query.near) {
    const box = boundingBox(query.near, query.near.radiusKm);
    const cells = boxCellRanges(box);
    if (cells === null) return null;
    const lists = cells.map(([from, to]): [number, number] => [placesList(query.environment, from), placesList(query.environment, to)]);
    near = { lat: query.near.lat, lon: query.near.lon, radiusKm: query.near.radiusKm, box, lists };
  } else if (rowFilters) {
    return null;
  }
  const limit = Math.max(0, Math.trunc(query.limit));
  const offset = Math.max(0, Math.trunc(query.offset));
  return {
    environment: query.environment,
    anchor,
    terms: text.terms,
    fenced: text.fenced,
    groups,
    ...(near && { near }),
    cells: near ? postingsCellRanges(near.box) : [[0, NO_POSTINGS_CELL]],
    ...(query.maxPrice !== undefined && { maxPrice: query.maxPrice }),
    ...(query.minRating !== undefined && { minRating: query.minRating }),
    ...(query.minReviewCount !== undefined && { minReviewCount: query.minReviewCount }),
    ...(query.opening && { opening: openingTests(query.opening) }),
    tieBreak,
    k: offset + limit,
    exactUpTo: EXACT_TOTAL_BOUND,
    offset,
    limit,
  };
}

/** The mask tests of openingMaskConditions (openingMasks.ts), and whether they decide the filter alone. */
function openingTests(filter: OpeningFilter): NonNullable<TopTextRequest['opening']> {
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

/** A little-endian writer into one buffer that grows as needed. */
function specWriter() {
  let buffer = Buffer.alloc(1024);
  let at = 0;
  const room = (bytes: number) => {
    if (at + bytes <= buffer.length) return;
    const grown = Buffer.alloc(Math.max(buffer.length * 2, at + bytes));
    buffer.copy(grown, 0, 0, at);
    buffer = grown;
  };
  return {
    u8(value: number) {
      room(1);
      at = buffer.writeUInt8(value, at);
    },
    u32(value: number) {
      room(4);
      at = buffer.writeUInt32LE(value, at);
    },
    f64(value: number) {
      room(8);
      at = buffer.writeDoubleLE(value, at);
    },
    i64(value: number) {
      room(8);
      at = buffer.writeBigInt64LE(BigInt(value), at);
    },
    text(value: string) {
      const bytes = Buffer.byteLength(value, 'utf8');
      room(4 + bytes);
      at = buffer.writeUInt32LE(bytes, at);
      at += buffer.write(value, at, 'utf8');
    },
    done: () => buffer.subarray(0, at),
  };
}

/** The spec native/topText.c reads (readSpec), little-endian. */
export function topTextSpec(request: TopTextRequest, tables: GenerationTables, phraseCounts: number[], maxRow: number): Buffer {
  const { u8, u32, f64, i64, text, done } = specWriter();
  const { opening, near } = request;
  u32(SPEC_MAGIC);
  u32(request.k);
  u32(request.exactUpTo);
  u8(request.environment.charCodeAt(0));
  u8(request.fenced ? 1 : 0);
  u8(request.terms.length);
  u8(request.groups.length);
  u8(near ? 1 : 0);
  // Bits: the three mask tests, and 8 for any time filter (the exact rules decide what the masks let through).
  u8(opening ? 8 | (opening.filter.openNow ? 1 : 0) | (opening.filter.day ? 2 : 0) | (!opening.filter.day && opening.filter.weekend ? 4 : 0) : 0);
  u8(opening?.sure ?? SURE.none);
  u8(request.maxPrice !== undefined ? 1 : 0);
  u8(request.minRating !== undefined ? 1 : 0);
  u8(request.minReviewCount !== undefined ? 1 : 0);
  u8(opening?.hourMask ?? 0);
  u8(opening?.hourBit ?? 0);
  u8(opening?.dayBit ?? 0);
  u32(opening ? placeDay(opening.filter.at.slice(0, 10)) ?? 0 : 0);
  f64(request.maxPrice ?? 0);
  f64(request.minRating ?? 0);
  f64(request.minReviewCount ?? 0);
  for (const value of near ? [near.lat, near.lon, near.radiusKm, near.box.minLat, near.box.maxLat, near.box.minLon, near.box.maxLon] : [0, 0, 0, 0, 0, 0, 0]) f64(value);
  i64(maxRow);
  u32(near?.lists.length ?? 0);
  for (const [from, to] of near?.lists ?? []) {
    i64(from);
    i64(to);
  }
  u32(request.cells.length);
  for (const [from, to] of request.cells) {
    i64(from);
    i64(to);
  }
  text(tables.postings);
  text(tables.places);
  request.terms.forEach((term, i) => {
    u8(term.column === 'category' ? 1 : 0);
    f64(phraseCounts[i]);
    text(term.text);
  });
  for (const group of request.groups) {
    u32(group.length);
    for (const token of group) text(token);
  }
  return done();
}
