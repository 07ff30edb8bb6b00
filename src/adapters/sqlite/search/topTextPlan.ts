// Whether top-k text retrieval (native/topText.c, topText.ts) can answer a query, and the spec it
// reads: pure, no I/O. It serves text ranked by relevance, best first, with the filters a consumer
// search sends: categories, city, state, country and verification (tag lists), and near a point
// the radius, price, rating, review and time filters (tested on place records). Anything else
// (another sort, a postal code, a row filter without a point) keeps the SQL plan. A word typed as a
// prefix reads the lists of every token it begins (at most MAX_PREFIX_LISTS, else the SQL plan).
import { VERIFICATION_LEVELS } from '../../../domain/profile';
import { EXACT_TOTAL_BOUND, type SearchQuery } from '../../../ports/searchIndex';
import { boxCellRanges } from './distanceRings';
import { queryTagGroups, tagToken } from './filterTags';
import type { GenerationTables } from './indexTables';
import type { PhraseTerm, TextMatch } from './matchExpression';
import { NO_POSTINGS_CELL, placesList, postingsCellRanges } from './placeRecord';
import { type PlaceTests, placeTests, writePlaceTests } from './placeTests';
import { specWriter } from './specWriter';

/** A MATCH every row of an environment's FTS table answers: its verification tag is one of these. */
const EVERY_ROW = `tags : (${VERIFICATION_LEVELS.map((level) => `"${tagToken('verification', level)}"`).join(' OR ')})`;

const SPEC_MAGIC = 0x33585454; // "TTX3", native/topTextSpec.h
const MAX_PHRASES = 32;
const MAX_GROUPS = 8;
const MAX_GROUP_TERMS = 16;

export interface TopTextRequest {
  environment: SearchQuery['environment'];
  /**
   * What top_text runs under (a MATCH that finds a row whenever any phrase matches): the text's
   * expression (fenced as the plan's), or with a prefix phrase any row of the environment.
   */
  anchor: string;
  terms: PhraseTerm[];
  fenced: boolean;
  groups: string[][];
  /** Near a point: the row filters its place records answer, and the place lists of its box. */
  near?: { tests: PlaceTests; lists: Array<[number, number]> };
  /** The postings cells to read (placeRecord.ts postingsCell): the box's near a point, else every one. */
  cells: Array<[number, number]>;
  /** A time filter: the exact rules decide what the masks leave undecided (topText.ts). */
  opening?: SearchQuery['opening'];
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
  if (text.terms.length > MAX_PHRASES) return null;
  const groups = queryTagGroups(query);
  if (groups.length > MAX_GROUPS || groups.some((group) => group.length > MAX_GROUP_TERMS)) return null;
  const rowFilters = query.maxPrice !== undefined || query.minRating !== undefined || query.minReviewCount !== undefined || query.opening !== undefined;
  let near: TopTextRequest['near'];
  if (query.near) {
    // Verification is a tag group here, like the other equality filters.
    const tests = placeTests({ ...query, near: query.near }, false);
    const cells = boxCellRanges(tests.near.box);
    if (cells === null) return null;
    const lists = cells.map(([from, to]): [number, number] => [placesList(query.environment, from), placesList(query.environment, to)]);
    near = { tests, lists };
  } else if (rowFilters) {
    return null;
  }
  const limit = Math.max(0, Math.trunc(query.limit));
  const offset = Math.max(0, Math.trunc(query.offset));
  return {
    environment: query.environment,
    // FTS5 reads a prefix's doclist over the whole index before it finds a first row (2-3 ms at a
    // million for "pizza"*): a prefix is anchored on the environment's rows instead, every one of
    // which has a verification tag; top_text finds the matches itself, an empty environment none.
    anchor: text.terms.some((term) => term.prefix) ? EVERY_ROW : anchor,
    terms: text.terms,
    fenced: text.fenced,
    groups,
    ...(near && { near }),
    cells: near ? postingsCellRanges(near.tests.near.box) : [[0, NO_POSTINGS_CELL]],
    ...(query.opening && { opening: query.opening }),
    tieBreak,
    k: offset + limit,
    exactUpTo: EXACT_TOTAL_BOUND,
    offset,
    limit,
  };
}

/** The spec native/topText.c reads (readSpec), little-endian. */
export function topTextSpec(request: TopTextRequest, tables: GenerationTables, phraseCounts: number[], maxRow: number): Buffer {
  const writer = specWriter();
  const { u8, u32, f64, i64, text, done } = writer;
  const { near } = request;
  u32(SPEC_MAGIC);
  u32(request.k);
  u32(request.exactUpTo);
  u8(request.environment.charCodeAt(0));
  u8(request.fenced ? 1 : 0);
  u8(request.terms.length);
  u8(request.groups.length);
  u8(near ? 1 : 0);
  writePlaceTests(writer, near?.tests);
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
    // Bit 0: the category column alone; bit 1: a prefix (FTS5's "word"*, native/phraseCursor.h).
    u8((term.column === 'category' ? 1 : 0) | (term.prefix ? 2 : 0));
    f64(phraseCounts[i]);
    text(term.text);
  });
  for (const group of request.groups) {
    u32(group.length);
    for (const token of group) text(token);
  }
  return done();
}
