// Turns a SearchQuery into the SQL of the embedded index: pure, no I/O, checked by golden tests.
//
// Three shapes. The FTS shape drives the query from the environment's FTS table: the user's words
// and the equality filters and grid cells (as tag tokens) intersect inside FTS5, and only those
// candidates are read from the documents table for the range filters, the exact radius and the
// sort keys. It serves every text query, every `near` query the grid can narrow, and combined
// filters. The index shape reads the documents table through its B-tree indexes: directory pages
// with at most one equality filter, where an ordered index scan stops after offset + limit rows.
// The ring shape serves nearest-first pages without text: growing circles read through the
// fine grid cells' indexes until one holds the page (distanceRings.ts).
// Either way the page statement returns only row ids and scores; documents are read for the page
// alone, so the sorter never carries the JSON of every candidate.
import { normalizeKeyword, postalKey, type SearchQuery, stateKeywords } from '../../../ports/searchIndex';
import { fenceOffTags, kindTagClause, queryTagClauses } from './filterTags';
import { distanceRings, RING_CELL_CONDITION, RING_CELL_ROWS, type RingParams } from './distanceRings';
import { boundingBox } from './geo';
import { coveringCellTokens, MAX_QUERY_CELLS } from './geoCells';
import type { GenerationTables } from './indexTables';
import { type CommonWord, matchExpression } from './matchExpression';
import { openingMaskConditions } from './openingMasks';
import { type EqualityFilter, type KindWalk, kindWalk } from './kindWalk';
import { type TopPlacesRequest, topPlacesRequest } from './topPlacesPlan';
import { type TopTextRequest, topTextRequest } from './topTextPlan';

/** bm25 weights in FTS column order: name, category, services, tagline, description, exclusive, tags. */
export const BM25_WEIGHTS = [4, 3, 2, 1.5, 1, 1, 0] as const;

/** Registered on the connection by the adapter in JavaScript, then in C by the native extension when it loads (searchReader.ts). */
export const DISTANCE_FUNCTION = 'distance_km';

/**
 * Registered on the connection by the adapter (openingFunction.ts): 1 when a schedule code passes
 * a time filter (JSON). A row written before the opening column existed hands its document instead.
 */
export const OPENING_FUNCTION = 'opening_matches';

/** bm25 with caller-supplied phrase counts, from the SQLite extension in native/ (rankExtension.ts). */
export const RANK_FUNCTION = 'bm25_given';

/** Counts the documents matching one FTS expression (its only parameter); commonWords counts words with it too. */
export const phraseCountSql = (fts: string): string => `SELECT COUNT(*) FROM ${fts} WHERE ${fts} MATCH ?`;

/**
 * Without text, many candidates are better served by an ordered index scan, which reads about
 * (offset + limit) x (documents / matches) rows, than by sorting every candidate.
 */
export const DENSE_MIN_MATCHES = 2000;
export const DENSE_MATCHES_PER_PAGE_ROW = 40;

export interface SearchPlan {
  /**
   * Rows: { rowId, textScore (higher is better, null without text), distanceKm (null without
   * near) } and, when `pageCountsTotal`, `total` (the count of all matches) on every row.
   */
  pageSql: string;
  pageCountsTotal: boolean;
  /** One row, one column: the total number of matches. */
  countSql: string;
  /**
   * The index-shape page to use when the total says matches are dense: set on a text-less FTS plan,
   * and on text that only filters under a field sort when the MATCH alone counts the total.
   */
  densePageSql?: string;
  /** Named parameters for every statement of the plan (each ignores the ones it does not use). */
  params: Record<string, string | number>;
  /**
   * Set when the page scores with bm25_given: bind `@phraseCounts` to the number of documents each
   * of `phrases` matches (counted by `sql`, the phrase as its only parameter), as doubles in native
   * byte order (rankExtension.ts). The phrases are the text's, in MATCH order; tag phrases follow
   * them in the MATCH and score nothing.
   */
  phraseCounts?: { sql: string; phrases: string[] };
  /**
   * Set on a nearest-first page (distanceRings.ts): smaller circles to try first, as overrides of
   * `params` for `pageSql`; the first that fills the page gives it. `params` are the whole radius.
   */
  rings?: RingParams[];
  /**
   * Set when top-k text retrieval can answer instead (topTextPlan.ts): with bm25_given scores,
   * text ranked by relevance and filters it tests. The SQL above answers when it cannot run.
   */
  topText?: TopTextRequest;
  /** Set when place records answer instead (topPlacesPlan.ts): nearest first without words, of any kinds. */
  topPlaces?: TopPlacesRequest;
  /**
   * Set on a kind filter without words in a field order (kindWalk.ts): `pageSql` walks the kinds'
   * own sort order and stops after the page; it answers instead of the page above when the count
   * of matches and of the kinds' documents (`kindCountSql`) say the walk is the shorter read.
   */
  kindWalk?: KindWalk;
}

export interface SearchPlanOptions {
  /** Document-frequency oracle for the text's words (see commonWords.ts); none by default. */
  isCommon?: CommonWord;
  /** Score with bm25_given and counts the caller supplies (rankExtension.ts) instead of FTS5's bm25. */
  givenPhraseCounts?: boolean;
  /** The generation's search lists are complete: top-k text retrieval may answer (SearchPlan.topText). */
  searchLists?: boolean;
  /** The generation's kind lists are complete: kind and place searches may answer (SearchPlan.topPlaces, kindWalk). */
  kindLists?: boolean;
}

interface Parts {
  params: SearchPlan['params'];
  /** Conditions only the documents table can answer: ranges and the exact radius. */
  rowOnly: string[];
  /** The equality filters as SQL but the kinds', for the index shapes. */
  equality: string[];
  /** The same filters as a column and its list of parameters, to test them on another table (kindWalk.ts). */
  equalityFilters: EqualityFilter[];
  /** The kind filter as SQL, for the index shapes: the documents of those kinds, listed once by FTS. */
  kinds: string | null;
  distance: string | null;
}

const PAGE = 'LIMIT @limit OFFSET @offset';

export function searchPlan(query: SearchQuery, tables: GenerationTables, options: SearchPlanOptions = {}): SearchPlan {
  const text = query.text === undefined && !query.categoryPhrases?.length
    ? null
    : matchExpression(query.text ?? '', options.isCommon, query.textComplete, query.categoryPhrases);
  const dir = query.order === 'asc' ? 'ASC' : 'DESC';
  const keys = sortKeys(query, text !== null);
  // Nearest first without text: the cells' index ranges instead of FTS (distanceRings.ts).
  const rings = text === null && query.near && keys[0].alias === 'distanceKm' && dir === 'ASC' ? distanceRings(query.near, query.near.radiusKm) : null;
  const parts = planParts(query, tables, { boxFromIndex: rings === null });
  const { params } = parts;
  const equality = parts.kinds === null ? parts.equality : [...parts.equality, parts.kinds];
  const tagClauses = queryTagClauses(query);
  const box = query.near ? boundingBox(query.near, query.near.radiusKm) : null;
  const cells = box ? coveringCellTokens(box, text === null ? MAX_QUERY_CELLS.withoutText : MAX_QUERY_CELLS.withText) : null;
  if (cells) tagClauses.push(`(${cells.map((cell) => `"${cell}"`).join(' OR ')})`);
  const distance = parts.distance ?? 'NULL';
  const orderBy = (qualified: boolean): string =>
    keys.map((key) => `${qualified ? key.column : key.alias} ${dir}`).join(', ');

  if (rings !== null) {
    Object.assign(params, rings[rings.length - 1]);
    const ringFrom =
      `FROM cell_rows CROSS JOIN ${tables.documents} AS d ` +
      `WHERE ${['d.environment = @environment', ...equality, RING_CELL_CONDITION, ...parts.rowOnly].join(' AND ')}`;
    const topPlaces = options.kindLists ? topPlacesRequest(query) : null;
    return {
      pageSql: `${RING_CELL_ROWS}SELECT d.row_id AS rowId, NULL AS textScore, ${distance} AS distanceKm ${ringFrom} ORDER BY ${orderBy(true)} ${PAGE}`,
      pageCountsTotal: false,
      countSql: `${RING_CELL_ROWS}SELECT COUNT(*) ${ringFrom}`,
      params,
      rings: rings.slice(0, -1),
      ...(topPlaces && { topPlaces }),
    };
  }

  const indexFrom = `FROM ${tables.documents} AS d WHERE ${['d.environment = @environment', ...equality, ...parts.rowOnly].join(' AND ')}`;
  const indexPage = `SELECT d.row_id AS rowId, NULL AS textScore, ${distance} AS distanceKm ${indexFrom} ORDER BY ${orderBy(true)} ${PAGE}`;
  // A kind filter is a tag (a document has several kinds): only FTS lists its documents without a scan.
  if (text === null && cells === null && tagClauses.length < 2 && !query.categoryKeys?.length) {
    return { pageSql: indexPage, pageCountsTotal: false, countSql: `SELECT COUNT(*) ${indexFrom}`, params };
  }

  const fts = tables.fts[query.environment];
  params.match = [
    ...(text === null ? [] : [`(${text.fenced ? fenceOffTags(text.expression) : text.expression})`]),
    ...(tagClauses.length === 0 ? [] : [`(tags : (${tagClauses.join(' AND ')}))`]),
  ].join(' AND ');
  const ftsOnly = parts.rowOnly.length === 0;
  // CROSS JOIN pins the join order: FTS first, whatever the planner's statistics say.
  const joinFrom =
    `FROM ${fts} CROSS JOIN ${tables.documents} AS d ON d.row_id = ${fts}.rowid ` +
    `WHERE ${[`${fts} MATCH @match`, 'd.environment = @environment', ...parts.rowOnly].join(' AND ')}`;
  const countSql = ftsOnly ? `SELECT COUNT(*) FROM ${fts} WHERE ${fts} MATCH @match` : `SELECT COUNT(*) ${joinFrom}`;

  if (text === null) {
    const pageSql = `SELECT d.row_id AS rowId, NULL AS textScore, ${distance} AS distanceKm ${joinFrom} ORDER BY ${orderBy(true)} ${PAGE}`;
    // No distance index exists, so a distance sort always sorts the candidates.
    const sortsByDistance = query.sort === 'distance' && query.near !== undefined;
    if (options.kindLists && query.categoryKeys?.length && !sortsByDistance) {
      // The kinds' own sort order: a walk that stops after the page (kindWalk.ts).
      const walk = kindWalk(query, tables, { keys, dir, distance, equalityFilters: parts.equalityFilters, rowOnly: parts.rowOnly, params });
      return { pageSql, pageCountsTotal: false, countSql, kindWalk: walk, params };
    }
    return { pageSql, pageCountsTotal: false, countSql, densePageSql: sortsByDistance ? undefined : indexPage, params };
  }

  const anchor = text.fenced ? fenceOffTags(text.expression) : text.expression;
  const phraseCounts = options.givenPhraseCounts
    ? { sql: phraseCountSql(fts), phrases: text.phrases.map((phrase) => (text.fenced ? fenceOffTags(phrase) : phrase)) }
    : undefined;
  // `rowTokens`: the row's length where the documents row is read anyway (bm25_given's argument).
  const score = (rowTokens: string): string =>
    phraseCounts
      ? `-${RANK_FUNCTION}(${fts}, @phraseCounts, ${rowTokens}, ${BM25_WEIGHTS.join(', ')})`
      : `-bm25(${fts}, ${BM25_WEIGHTS.join(', ')})`;
  if (ftsOnly && keys.every((key) => key.alias === 'textScore' || key.alias === 'id')) {
    // Ranking by text alone needs nothing from the documents table: no row read per match, and
    // counting the MATCH alone is cheap. Equal scores fall back to row id order (stable, but not
    // the id order of the other sorts).
    const pageSql =
      `SELECT ${fts}.rowid AS rowId, ${score('NULL')} AS textScore, NULL AS distanceKm FROM ${fts} WHERE ${fts} MATCH @match ` +
      `ORDER BY textScore ${dir}, ${fts}.rowid ${dir} ${PAGE}`;
    const topText = phraseCounts && options.searchLists ? topTextRequest(query, text, anchor, 'rowid') : null;
    return { pageSql, pageCountsTotal: false, countSql, params, phraseCounts, ...(topText && { topText }) };
  }
  // Otherwise every match is read from the documents table: collect the matches once and take both
  // the page and the total from them, instead of joining a second time to count. bm25 is half the
  // cost of a large match set, so a field sort (the text only filters) leaves it out.
  const scored = keys.some((key) => key.alias === 'textScore');
  const matches =
    `SELECT d.row_id AS rowId, ${scored ? score('d.token_count') : 'NULL'} AS textScore, ${distance} AS distanceKm, ` +
    `${keys.filter((key) => key.column.startsWith('d.')).map((key) => `${key.column} AS ${key.alias}`).join(', ')} ${joinFrom}`;
  const pageSql =
    `WITH matches AS MATERIALIZED (${matches}) ` +
    `SELECT rowId, textScore, distanceKm, (SELECT COUNT(*) FROM matches) AS total FROM matches ORDER BY ${orderBy(false)} ${PAGE}`;
  if (scored) {
    const topText = phraseCounts && options.searchLists ? topTextRequest(query, text, anchor, 'id') : null;
    return { pageSql, pageCountsTotal: true, countSql, params, phraseCounts, ...(topText && { topText }) };
  }
  if (!ftsOnly) return { pageSql, pageCountsTotal: true, countSql, params };
  // Text that only filters, under a field sort, with a total the MATCH alone can count: when the
  // matches are dense, walking the sort key's index and keeping the rows in the matched set (a
  // list of row ids built once) stops after about a page, instead of reading every match. The
  // unary + keeps SQLite from looking rows up by that list instead. "sourdough" among bakeries,
  // 4 020 matches at 100 000 businesses: 3.8 ms -> 1.3 ms. The MATCH holds the kind tags, so the
  // kinds' own list of rows is not built beside it: 0.96 -> 0.58 ms of CPU (3 787 matches). With
  // kinds, their own index is walked instead of every document's (kindWalk.ts), the place filters
  // tested in its entries: "emergency" among Texas plumbers 0.98 -> 0.63 ms of CPU at 100 000.
  const matched = (row: string): string => `+${row} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH @match)`;
  if (options.kindLists && query.categoryKeys?.length) {
    const walk = kindWalk(query, tables, { keys, dir, distance, equalityFilters: parts.equalityFilters, rowOnly: [], params, kept: matched('k.row_id') });
    return { pageSql, pageCountsTotal: true, countSql, densePageSql: walk.pageSql, params };
  }
  const denseFrom = `FROM ${tables.documents} AS d WHERE ${['d.environment = @environment', ...parts.equality].join(' AND ')}`;
  const densePageSql = `SELECT d.row_id AS rowId, NULL AS textScore, NULL AS distanceKm ${denseFrom} AND ${matched('d.row_id')} ORDER BY ${orderBy(true)} ${PAGE}`;
  return { pageSql, pageCountsTotal: true, countSql, densePageSql, params };
}

/**
 * `boxFromIndex` false: another index finds the rows (the ring shape's cells), and the box only
 * filters them; the unary + keeps SQLite from scanning the lat index for it instead.
 */
function planParts(query: SearchQuery, tables: GenerationTables, { boxFromIndex }: { boxFromIndex: boolean }): Parts {
  const params: SearchPlan['params'] = { environment: query.environment };
  const equalityFilters: EqualityFilter[] = [];
  const rowOnly: string[] = [];
  const anyOf = (column: string, name: string, values: string[]): void => {
    if (values.length === 0) return;
    const names = [...new Set(values)].map((value, index) => {
      params[`${name}${index}`] = value;
      return `@${name}${index}`;
    });
    equalityFilters.push({ column, values: `(${names.join(', ')})` });
  };
  anyOf('category_norm', 'category', (query.categories ?? []).map(normalizeKeyword));
  let kinds: string | null = null;
  if (query.categoryKeys?.length) {
    const fts = tables.fts[query.environment];
    kinds = `+d.row_id IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH @kindMatch)`;
    params.kindMatch = `tags : (${kindTagClause(query.categoryKeys)})`;
  }
  anyOf('city_norm', 'city', query.city === undefined ? [] : [normalizeKeyword(query.city)]);
  anyOf('state_norm', 'state', query.state === undefined ? [] : stateKeywords(query.state));
  anyOf('country_norm', 'country', query.country === undefined ? [] : [normalizeKeyword(query.country)]);
  anyOf('verification_level', 'verification', query.verificationLevels ?? []);
  if (query.postalCode !== undefined) {
    // Not a tag: rare enough that checking the candidates' column (or its index) is cheap.
    rowOnly.push('d.postal_key = @postalKey');
    params.postalKey = postalKey(query.postalCode);
  }
  if (query.maxPrice !== undefined) {
    // A document without a price never counts as "under $x".
    rowOnly.push('d.min_price <= @maxPrice');
    params.maxPrice = query.maxPrice;
  }
  if (query.minRating !== undefined) {
    rowOnly.push('d.average_rating >= @minRating');
    params.minRating = query.minRating;
  }
  if (query.minReviewCount !== undefined) {
    rowOnly.push('d.review_count >= @minReviewCount');
    params.minReviewCount = query.minReviewCount;
  }
  let distance: string | null = null;
  if (query.near) {
    const box = boundingBox(query.near, query.near.radiusKm);
    distance = `${DISTANCE_FUNCTION}(d.lat, d.lon, @nearLat, @nearLon)`;
    Object.assign(params, {
      nearLat: query.near.lat,
      nearLon: query.near.lon,
      radiusKm: query.near.radiusKm,
      minLat: box.minLat,
      maxLat: box.maxLat,
      minLon: box.minLon,
      maxLon: box.maxLon,
    });
    rowOnly.push(`${boxFromIndex ? '' : '+'}d.lat BETWEEN @minLat AND @maxLat`);
    // The box crosses the antimeridian when its west edge is east of its east edge.
    rowOnly.push(box.minLon <= box.maxLon ? 'd.lon BETWEEN @minLon AND @maxLon' : '(d.lon >= @minLon OR d.lon <= @maxLon)');
  }
  if (query.opening) {
    // Before the distance: an integer test drops most closed businesses without a call into JavaScript.
    const masks = openingMaskConditions(query.opening);
    rowOnly.push(...masks.conditions);
    Object.assign(params, masks.params);
  }
  if (distance !== null) rowOnly.push(`${distance} <= @radiusKm`);
  if (query.opening) {
    // Last: SQLite tests the conditions in this order, and the function costs the most per row.
    // coalesce evaluates its arguments in order and stops at the first non-NULL one, so the JSON
    // row is read only for rows written before the opening column existed.
    rowOnly.push(`${OPENING_FUNCTION}(coalesce(d.opening, (SELECT j.document FROM ${tables.json} AS j WHERE j.row_id = d.row_id)), @opening)`);
    params.opening = JSON.stringify(query.opening);
  }
  params.limit = Math.max(0, Math.trunc(query.limit));
  params.offset = Math.max(0, Math.trunc(query.offset));
  const equality = equalityFilters.map(({ column, values }) => `d.${column} IN ${values}`);
  return { params, rowOnly, equality, equalityFilters, kinds, distance };
}

interface SortKey {
  /** The expression over the documents table (`d`). */
  column: string;
  /** Its name in a page's result or in the `matches` of a text plan. */
  alias: string;
}

/**
 * Every key, the id tie-break included, runs in the requested direction: one index per sort key
 * serves both orders, and Elasticsearch expresses the same with `[{key: order}, {id: order}]`.
 */
function sortKeys(query: SearchQuery, hasText: boolean): SortKey[] {
  const visibility = { column: 'd.ai_visibility_score', alias: 'visibility' };
  const relevance = hasText ? { column: 'textScore', alias: 'textScore' } : visibility;
  const keys = ((): SortKey[] => {
    switch (query.sort) {
      case 'relevance':
        return [relevance];
      case 'distance':
        // Without a point there is no distance: fall back to what relevance means here.
        return query.near ? [{ column: 'distanceKm', alias: 'distanceKm' }] : [relevance];
      case 'aiVisibilityScore':
        return [visibility];
      case 'rating':
        return [
          { column: 'd.average_rating', alias: 'rating' },
          { column: 'd.review_count', alias: 'reviews' },
        ];
      case 'name':
        return [{ column: 'd.name_sort', alias: 'nameSort' }];
    }
  })();
  return [...keys, { column: 'd.id', alias: 'id' }];
}
