// Runs a search plan: the page of row ids, the total, then the documents of that page only.
import type { SearchDocument, SearchHit, SearchResult } from '../../../ports/searchIndex';
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

export function readPage(
  statements: StatementCache,
  totals: TotalsCache,
  tables: GenerationTables,
  plan: SearchPlan,
): SearchResult {
  const offset = plan.params.offset as number;
  const limit = plan.params.limit as number;
  // Paging through the same query reuses one count: the key leaves the page out.
  const { limit: _limit, offset: _offset, ...filters } = plan.params;
  const count = (): number =>
    totals.total(`${plan.countSql}|${JSON.stringify(filters)}`, () => statements.get(plan.countSql).pluck().get(plan.params) as number);
  let rows: PageRow[];
  let total: number;
  if (plan.densePageSql !== undefined) {
    // The total decides which page statement is cheaper, so it comes first here.
    total = count();
    const dense = total > DENSE_MIN_MATCHES && total > DENSE_MATCHES_PER_PAGE_ROW * (offset + limit);
    rows = statements.get(dense ? plan.densePageSql : plan.pageSql).all(plan.params) as PageRow[];
  } else {
    rows = statements.get(plan.pageSql).all(plan.params) as PageRow[];
    if (plan.pageCountsTotal && rows.length > 0) total = rows[0].total!;
    // A short page (that is not past the end) already tells the total: skip the second pass.
    else total = rows.length < limit && (rows.length > 0 || offset === 0) ? offset + rows.length : count();
  }

  const documentById = statements.get(`SELECT document FROM ${tables.documents} WHERE row_id = ?`).pluck();
  const best = Math.max(0, ...rows.map((row) => row.textScore ?? 0));
  const hits = rows.map((row): SearchHit => {
    const hit: SearchHit = {
      document: JSON.parse(documentById.get(row.rowId) as string) as SearchDocument,
      textScore: textScore(row.textScore, best),
    };
    if (row.distanceKm !== null) hit.distanceKm = row.distanceKm;
    return hit;
  });
  return { hits, total };
}

/** Engine relevance scaled so the best hit of the page is 1; 0 when the query had no text. */
function textScore(score: number | null, best: number): number {
  if (score === null) return 0;
  return best > 0 ? Math.max(0, score) / best : 1;
}
