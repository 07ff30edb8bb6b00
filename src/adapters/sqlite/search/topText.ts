// Top-k text retrieval: a text search ranked by relevance answered from the search lists
// (native/topText.c) instead of the SQL plan, whose cost grows with every candidate FTS5 hands
// it: a documents row read per candidate, bm25 per candidate, and a sort. The native function
// merges the phrases' postings, tests each match against the filters (tag lists; place records
// near a point), counts, scores with bm25_given's formula and keeps the k best. What it leaves
// undecided, the exact time rules decide here, with the SQL plan's own function; the final order
// (score, then the plan's tie-break) is taken here over the few rows that can be on the page.
// The page and the total equal the SQL plan's (docs/searchAtScale.md gives the argument;
// test/contract/sqliteTopText.test.ts compares the two on thousands of random queries).
import { DISTANCE_FUNCTION, OPENING_FUNCTION } from './searchPlan';
import type { GenerationTables } from './indexTables';
import { pageDocuments, type PageRows } from './readPage';
import type { StatementCache } from './statementCache';
import { type TopTextRequest, topTextSpec } from './topTextPlan';

interface Scored {
  rowId: number;
  score: number;
}

interface Found {
  sure: number;
  /** `sure` is a lower bound: counting stopped past the request's exactUpTo. */
  estimate: boolean;
  top: Scored[];
  maybe: Scored[];
}

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
  const found = decode(blob);
  const passing = request.opening && found.maybe.length > 0 ? openAsAsked(statements, tables, request, found.maybe) : [];
  const total = found.sure + passing.length;
  // Every sure match at least as good as the k-th best sure one is in `top`; a maybe that passed
  // competes only if it is that good too (with fewer than k sure matches, every one does).
  const threshold = found.sure >= request.k && request.k > 0 ? kthBest(found.top, request.k) : -Infinity;
  const candidates = [...found.top, ...passing.filter((scored) => scored.score >= threshold)];
  return { ...pageDocuments(statements, tables, pageOf(statements, tables, request, candidates), total), ...(found.estimate && { totalIsEstimate: true }) };
}

function decode(blob: Buffer): Found {
  let at = 0;
  const u32 = (): number => {
    const value = blob.readUInt32LE(at);
    at += 4;
    return value;
  };
  const entries = (): Scored[] =>
    Array.from({ length: u32() }, () => {
      const rowId = Number(blob.readBigInt64LE(at));
      const score = blob.readDoubleLE(at + 8);
      at += 16;
      return { rowId, score };
    });
  const sure = u32();
  const estimate = u32() === 1;
  const top = entries();
  const maybe = entries();
  return { sure, estimate, top, maybe };
}

function kthBest(top: Scored[], k: number): number {
  return top.map((scored) => scored.score).sort((a, b) => b - a)[k - 1];
}

/** The maybes the exact time rules let through: the SQL plan's own function on the same column. */
function openAsAsked(statements: StatementCache, tables: GenerationTables, request: TopTextRequest, maybe: Scored[]): Scored[] {
  const open = new Set(
    statements
      .get(
        `SELECT d.row_id FROM json_each(?) AS c JOIN ${tables.documents} AS d ON d.row_id = c.value ` +
          `WHERE ${OPENING_FUNCTION}(coalesce(d.opening, (SELECT j.document FROM ${tables.json} AS j WHERE j.row_id = d.row_id)), ?)`,
      )
      .pluck()
      .all(JSON.stringify(maybe.map((scored) => scored.rowId)), JSON.stringify(request.opening!.filter)) as number[],
  );
  return maybe.filter((scored) => open.has(scored.rowId));
}

/** The page of the candidates in the SQL plan's order: score, then row id or document id, in the query's direction (descending). */
function pageOf(statements: StatementCache, tables: GenerationTables, request: TopTextRequest, candidates: Scored[]) {
  const distance = request.near ? `${DISTANCE_FUNCTION}(lat, lon, ?, ?)` : 'NULL';
  const rows = statements
    .get(`SELECT row_id AS rowId, id, ${distance} AS distanceKm FROM ${tables.documents} WHERE row_id IN (SELECT value FROM json_each(?))`)
    .all(...(request.near ? [request.near.lat, request.near.lon] : []), JSON.stringify(candidates.map((scored) => scored.rowId))) as Array<{
    rowId: number;
    id: string;
    distanceKm: number | null;
  }>;
  const byRowId = new Map(rows.map((row) => [row.rowId, row]));
  const ranked = candidates.map((scored) => ({ ...scored, ...byRowId.get(scored.rowId)! }));
  ranked.sort((a, b) => b.score - a.score || (request.tieBreak === 'rowid' ? b.rowId - a.rowId : compareBytes(b.id, a.id)));
  return ranked.slice(request.offset, request.offset + request.limit).map(({ rowId, score, distanceKm }) => ({ rowId, textScore: score, distanceKm }));
}

/** SQLite's BINARY collation: UTF-8 bytes, which order as code points (JavaScript's < compares UTF-16 units). */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
