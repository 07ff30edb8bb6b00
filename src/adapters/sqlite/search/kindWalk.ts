// Kind filters without words in a field order (directory and partner category listings: "restaurants
// in Austin" by visibility, "plumbers in Texas" by rating): the page statement walks the kinds'
// own index in the page's order (indexTables.ts kindsTableSql: a row per document and kind with
// its sort keys), looks up each document's row for the other filters, and stops after offset +
// limit matches, instead of reading every match to sort them (the FTS plan) or walking every
// document in that order against a list of the kind's rows built for each query (the dense
// plan). Pure: SQL text only.
//
// Why the page is the exhaustive one: every document of a kind has one row in the kinds table
// with the same sort keys as its documents row, so the walk of one kind meets every match of that
// kind, in the plan's order (the sort keys, then id). Several kinds are walked side by side and
// merged in that order (a compound SELECT ... ORDER BY, which SQLite runs as a merge of the arms'
// ordered scans); UNION drops the second row of a document of two of the kinds (the same row id
// and sort keys). So the first offset + limit rows of the walk are those of the full sort.
import type { SearchQuery } from '../../../ports/searchIndex';
import { normalizeKeyword } from '../../../ports/searchIndex';
import type { GenerationTables } from './indexTables';
import { KIND_FILTER_COLUMNS } from './indexTables';

/** An equality filter: a documents-table column, and the parenthesised list of parameters it may equal. */
export interface EqualityFilter {
  column: string;
  values: string;
}
/** A sort key as the plan names it: an expression over the documents table (`d`). */
interface SortKey {
  column: string;
}

const PAGE = 'LIMIT @limit OFFSET @offset';

/**
 * A walk's step in the covering index, as a share of an FTS match read with its row: at a million,
 * 20 cafes of Seattle (1 200 matches among 82 413 cafes) took 2.5 ms by the walk (about 1 400
 * steps) against 20 ms by the FTS page; 20 plumbers of Denver (612 among 41 047), 0.11 against 16 ms.
 */
const INDEX_STEP_COST = 1 / 20;

interface WalkParts {
  keys: SortKey[];
  dir: 'ASC' | 'DESC';
  /** SQL of the distance (NULL without a point). */
  distance: string;
  /** The equality filters but the kinds' (tested on the kinds' index where it holds the column). */
  equalityFilters: EqualityFilter[];
  /** Conditions only the documents row answers. */
  rowOnly: string[];
  /** The plan's named parameters (SearchPlan.params). */
  params: Record<string, string | number>;
  /** A condition on `k.row_id` alone every row of the page must pass (the rows a MATCH finds), tested on the index entry. */
  kept?: string;
}

export interface KindWalk {
  pageSql: string;
  /**
   * A step of the walk against reading one match of the FTS page, which reads its documents row:
   * 1 when the walk reads rows too, else what a step in the covering index costs beside a row.
   */
  stepCost: number;
  /**
   * The kinds' rows (a document of two of them counted twice): what the walk reads at most, to
   * weigh it against the FTS page.
   */
  kindCountSql: string;
}

/** The page statement of the walk, and its bound; binds `@walkKind<i>` in `params`. */
export function kindWalk(query: SearchQuery, tables: GenerationTables, { keys, dir, distance, equalityFilters, rowOnly, params, kept }: WalkParts): KindWalk {
  const kinds = [...new Set((query.categoryKeys ?? []).map(normalizeKeyword))];
  kinds.forEach((kind, i) => {
    params[`walkKind${i}`] = kind;
  });
  // The kinds table holds each sort key under the documents table's column name.
  const kindColumn = (key: SortKey): string => key.column.replace(/^d\./, 'k.');
  const onKinds = equalityFilters.filter(({ column }) => KIND_FILTER_COLUMNS.includes(column)).map(({ column, values }) => `k.${column} IN ${values}`);
  const onRows = [...equalityFilters.filter(({ column }) => !KIND_FILTER_COLUMNS.includes(column)).map(({ column, values }) => `d.${column} IN ${values}`), ...rowOnly];
  // Filters the kinds' index answers alone need no documents row (nor does a page without a point).
  const readsRows = onRows.length > 0 || distance !== 'NULL';
  const from = readsRows ? `${tables.kinds} AS k CROSS JOIN ${tables.documents} AS d ON d.row_id = k.row_id` : `${tables.kinds} AS k`;
  const arm = (_: string, i: number): string => {
    const where = ['k.environment = @environment', `k.kind = @walkKind${i}`, ...onKinds, ...(kept === undefined ? [] : [kept]), ...onRows].join(' AND ');
    const sortColumns = keys.map((key, j) => `${kindColumn(key)} AS walkKey${j}`).join(', ');
    // CROSS JOIN: the kinds' index first, then each document's row by its id.
    return `SELECT k.row_id AS rowId, NULL AS textScore, ${distance} AS distanceKm, ${sortColumns} FROM ${from} WHERE ${where}`;
  };
  const orderBy = keys.map((_, j) => `walkKey${j} ${dir}`).join(', ');
  return {
    pageSql: `${kinds.map(arm).join(' UNION ')} ORDER BY ${orderBy} ${PAGE}`,
    stepCost: readsRows ? 1 : INDEX_STEP_COST,
    kindCountSql: `SELECT COUNT(*) FROM ${tables.kinds} WHERE environment = @environment AND kind IN (${kinds.map((_, i) => `@walkKind${i}`).join(', ')})`,
  };
}
