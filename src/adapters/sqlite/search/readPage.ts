// Runs a search plan in two halves. readPageRows (inside the read transaction, on whichever
// thread holds the connection) returns the page's row ids, scores, ranking fields and document
// JSON plus the total; pageResult turns those rows into the port's SearchResult. The split lets
// a reader thread send the documents back as strings, which cost far less to pass between
// threads than objects, and the hits parse them only when read: consumer search ranks 100
// candidates on their ranking fields and reads about a tenth of the documents.
import type { Statement } from 'better-sqlite3';
import type { RankingFields, SearchDocument, SearchHit, SearchResult } from '../../../ports/searchIndex';
import type { GenerationTables } from './indexTables';
import { DENSE_MATCHES_PER_PAGE_ROW, DENSE_MIN_MATCHES, type SearchPlan } from './searchPlan';
import type { StatementCache } from './statementCache';
import type { TotalsCache } from './totalsCache';

interface PageRow {
  rowId: number;
  textScore: number | null;
  distanceKm: number | null;
  total?: number;
}

/** One page of a search, before its documents are parsed. */
export interface PageRows {
  total: number;
  /** `total` is a lower bound of at least EXACT_TOTAL_BOUND (top-k retrieval stopped counting). */
  totalIsEstimate?: boolean;
  /** Same order as the page: raw engine score (higher is better; null without scoring), distance, fields, document JSON. */
  rows: Array<{ textScore: number | null; distanceKm: number | null; fields: RankingFields; document: string }>;
}

/** A documents-table row as the page statement reads it (min_price is NULL when unknown). */
interface DocumentColumns extends Omit<RankingFields, 'minPrice' | 'categoryKeys'> {
  rowId: number;
  minPrice: number | null;
  /** Space-separated; NULL in a row written before the column existed. */
  categoryKeys: string | null;
  document: string;
}

export function readPageRows(
  statements: StatementCache,
  totals: TotalsCache,
  tables: GenerationTables,
  plan: SearchPlan,
): PageRows {
  const offset = plan.params.offset as number;
  const limit = plan.params.limit as number;
  // Paging through the same query reuses one count: the key leaves the page out.
  const { limit: _limit, offset: _offset, ...filters } = plan.params;
  const count = (): number =>
    totals.total(`${plan.countSql}|${JSON.stringify(filters)}`, () => statements.get(plan.countSql).pluck().get(plan.params) as number);
  const params = plan.phraseCounts ? { ...plan.params, phraseCounts: Buffer.from(Float64Array.from(phraseCountsOf(totals, plan.phraseCounts)).buffer) } : plan.params;
  let rows: PageRow[];
  let total: number;
  if (plan.kindWalk !== undefined) {
    // The walk reads about (offset + limit) x (the kinds' documents / matches) rows, at most every
    // document of the kinds; the FTS page reads every match. The counts (remembered until the
    // index changes) say which read is shorter.
    total = count();
    const kindDocuments = totals.total(`${plan.kindWalk.kindCountSql}|${JSON.stringify(filters)}`, () => statements.get(plan.kindWalk!.kindCountSql).pluck().get(plan.params) as number);
    const steps = Math.min(kindDocuments, ((offset + limit) * kindDocuments) / Math.max(total, 1));
    const walk = steps * plan.kindWalk.stepCost <= total;
    rows = total === 0 || limit === 0 ? [] : (statements.get(walk ? plan.kindWalk.pageSql : plan.pageSql).all(params) as PageRow[]);
  } else if (plan.densePageSql !== undefined) {
    // The total decides which page statement is cheaper, so it comes first here.
    total = count();
    const dense = total > DENSE_MIN_MATCHES && total > DENSE_MATCHES_PER_PAGE_ROW * (offset + limit);
    rows = statements.get(dense ? plan.densePageSql : plan.pageSql).all(params) as PageRow[];
  } else {
    const page = statements.get(plan.pageSql);
    rows = firstFullRing(page, plan.rings, params, limit) ?? (page.all(params) as PageRow[]);
    if (plan.pageCountsTotal && rows.length > 0) total = rows[0].total!;
    // A short page (that is not past the end) already tells the total: skip the second pass.
    else total = rows.length < limit && (rows.length > 0 || offset === 0) ? offset + rows.length : count();
  }

  return pageDocuments(statements, tables, rows, total);
}

/** The page's rows with their ranking fields and document JSON, in the page's order. */
export function pageDocuments(
  statements: StatementCache,
  tables: GenerationTables,
  rows: ReadonlyArray<{ rowId: number; textScore: number | null; distanceKm: number | null }>,
  total: number,
): PageRows {
  // One statement for the page's documents: a hundred single-row reads cost 2.5 times as much,
  // almost all of it in crossing between JavaScript and SQLite per row.
  const documents = statements
    .get(
      `SELECT d.row_id AS rowId, d.id, d.category_norm AS categoryKey, d.category_keys AS categoryKeys, d.verification_level AS verificationLevel, ` +
        `d.average_rating AS averageRating, d.review_count AS reviewCount, d.completeness, d.min_price AS minPrice, j.document ` +
        `FROM ${tables.documents} AS d JOIN ${tables.json} AS j ON j.row_id = d.row_id WHERE d.row_id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(rows.map((row) => row.rowId))) as DocumentColumns[];
  const byRowId = new Map<number, DocumentColumns>();
  for (const columns of documents) byRowId.set(columns.rowId, columns);
  return {
    total,
    rows: rows.map((row) => {
      const { rowId: _rowId, minPrice, document, categoryKeys, ...columns } = byRowId.get(row.rowId) as DocumentColumns;
      const fields: RankingFields = { ...columns, categoryKeys: categoryKeys ? categoryKeys.split(' ') : [] };
      return { textScore: row.textScore, distanceKm: row.distanceKm, fields: minPrice === null ? fields : { ...fields, minPrice }, document };
    }),
  };
}

/** The page from the smallest circle that fills it (distanceRings.ts); null when none does. */
function firstFullRing(page: Statement, rings: SearchPlan['rings'], params: object, limit: number): PageRow[] | null {
  if (rings === undefined || limit === 0) return null;
  for (const ring of rings) {
    const rows = page.all({ ...params, ...ring }) as PageRow[];
    if (rows.length === limit) return rows;
  }
  return null;
}

/**
 * The document count of each scored phrase, for bm25_given and top_text. Remembered like totals,
 * until the index changes, so the scores are bm25()'s own; bm25() recounts them on every query.
 */
export function phraseCountsOf(totals: TotalsCache, { sql, phrases }: NonNullable<SearchPlan['phraseCounts']>): number[] {
  return phrases.map((phrase) => totals.count(sql, phrase));
}

/** A hit whose document is parsed on first read (see the top of this file). */
class PageHit implements SearchHit {
  readonly #json: string;
  #parsed: SearchDocument | undefined;
  declare readonly distanceKm?: number;

  constructor(
    json: string,
    readonly fields: RankingFields,
    readonly textScore: number,
    distanceKm: number | null,
  ) {
    this.#json = json;
    if (distanceKm !== null) this.distanceKm = distanceKm;
  }

  get document(): SearchDocument {
    this.#parsed ??= JSON.parse(this.#json) as SearchDocument;
    return this.#parsed;
  }
}

export function pageResult(page: PageRows): SearchResult {
  let best = 0;
  for (const row of page.rows) if (row.textScore !== null && row.textScore > best) best = row.textScore;
  const hits = page.rows.map((row): SearchHit => new PageHit(row.document, row.fields, textScore(row.textScore, best), row.distanceKm));
  return { hits, total: page.total, totalIsEstimate: page.totalIsEstimate === true };
}

/** Engine relevance scaled so the best hit of the page is 1; 0 when the query had no text. */
function textScore(score: number | null, best: number): number {
  if (score === null) return 0;
  return best > 0 ? Math.max(0, score) / best : 1;
}
