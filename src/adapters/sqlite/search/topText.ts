// Top-k text retrieval: a text search ranked by relevance answered from the search lists
// (native/topText.c) instead of the SQL plan, whose cost grows with every candidate FTS5 hands
// it: a documents row read per candidate, bm25 per candidate, and a sort. The native function
// merges the phrases' postings, tests each match against the filters (tag lists; place records
// near a point), counts, scores with bm25_given's formula and keeps the k best. What it leaves
// undecided, the exact time rules decide here, with the SQL plan's own function; the final order
// (score, then the plan's tie-break) is taken here over the few rows that can be on the page.
// The page and the total equal the SQL plan's (docs/searchAtScale.md gives the argument;
// test/contract/sqliteTopText.test.ts compares the two on thousands of random queries).
import { DISTANCE_FUNCTION } from './searchPlan';
import type { GenerationTables } from './indexTables';
import { compareBytes, decodeMatches, openAsAsked, pageCandidates, type Valued } from './nativeMatches';
import { pageDocuments, type PageRows } from './readPage';
import type { StatementCache } from './statementCache';
import { type TopTextRequest, topTextSpec } from './topTextPlan';

/** The page and total of `request`, or null when the native function leaves it to the SQL plan. */
export function readTopText(statements: StatementCache, tables: GenerationTables, request: TopTextRequest, phraseCounts: number[]): PageRows | null {
  const fts = tables.fts[request.environment];
  const maxRow = statements.get(`SELECT coalesce(max(row_id), 0) FROM ${tables.documents}`).pluck().get() as number;
  const spec = topTextSpec(request, tables, phraseCounts, maxRow);
  const blob = statements.get(`SELECT top_text(${fts}, ?) FROM ${fts} WHERE ${fts} MATCH ? LIMIT 1`).pluck().get(spec, request.anchor) as
    | Buffer
    | null
    | undefined;
  // No row matches any phrase: nothing to count.
  if (blob === undefined) return { total: 0, rows: [] };
  if (blob === null) return null;
  const found = decodeMatches(blob);
  const passing = request.opening ? openAsAsked(statements, tables, request.opening, found.maybe) : [];
  const total = found.sure + passing.length;
  const candidates = pageCandidates(found, passing, request.k, (a, b) => a > b);
  return { ...pageDocuments(statements, tables, pageOf(statements, tables, request, candidates), total), ...(found.estimate && { totalIsEstimate: true }) };
}

/** The page of the candidates in the SQL plan's order: score, then row id or document id, in the query's direction (descending). */
function pageOf(statements: StatementCache, tables: GenerationTables, request: TopTextRequest, candidates: Valued[]) {
  const near = request.near?.tests.near;
  const distance = near ? `${DISTANCE_FUNCTION}(lat, lon, ?, ?)` : 'NULL';
  const rows = statements
    .get(`SELECT row_id AS rowId, id, ${distance} AS distanceKm FROM ${tables.documents} WHERE row_id IN (SELECT value FROM json_each(?))`)
    .all(...(near ? [near.lat, near.lon] : []), JSON.stringify(candidates.map((scored) => scored.rowId))) as Array<{
    rowId: number;
    id: string;
    distanceKm: number | null;
  }>;
  const byRowId = new Map(rows.map((row) => [row.rowId, row]));
  const ranked = candidates.map((scored) => ({ ...scored, ...byRowId.get(scored.rowId)! }));
  ranked.sort((a, b) => b.value - a.value || (request.tieBreak === 'rowid' ? b.rowId - a.rowId : compareBytes(b.id, a.id)));
  return ranked.slice(request.offset, request.offset + request.limit).map(({ rowId, value, distanceKm }) => ({ rowId, textScore: value, distanceKm }));
}
