// Kind and place searches near a point without words, nearest first ("dentist open on Saturday",
// "bars open late", a partner's restaurants within 5 km), answered from place records
// (native/topPlaces.c) instead of the ring scan of the SQL plan, which reads every business of the
// circle from the documents table, tests each row (the kind against a list of every document of
// that kind, built again for each circle tried) and counts them all again over the whole radius.
// The native function reads the records of the kinds asked for, box by growing box, tests each
// on the same doubles as the SQL plan, counts and keeps the nearest k; what the time filter's
// masks leave undecided, the SQL plan's own opening function decides here, and the final order
// (distance, then id) is taken here over the few rows that can be on the page. The page and the
// total equal the SQL plan's (docs/searchAtScale.md gives the argument;
// test/contract/sqliteTopPlaces.test.ts compares the two on thousands of random searches).
import type { GenerationTables } from './indexTables';
import { compareBytes, decodeMatches, openAsAsked, pageCandidates, type Valued } from './nativeMatches';
import { pageDocuments, type PageRows } from './readPage';
import type { StatementCache } from './statementCache';
import { type TopPlacesRequest, topPlacesSpec } from './topPlacesPlan';

/** The page and total of `request`, nearest first. */
export function readTopPlaces(statements: StatementCache, tables: GenerationTables, request: TopPlacesRequest): PageRows {
  const maxRow = statements.get(`SELECT coalesce(max(row_id), 0) FROM ${tables.documents}`).pluck().get() as number;
  const blob = statements.get('SELECT top_places(?)').pluck().get(topPlacesSpec(request, tables, maxRow)) as Buffer;
  const found = decodeMatches(blob);
  const passing = request.opening ? openAsAsked(statements, tables, request.opening, found.maybe) : [];
  const candidates = pageCandidates(found, passing, request.k, (a, b) => a < b);
  const rows = pageOf(statements, tables, request, candidates);
  return { ...pageDocuments(statements, tables, rows, found.sure + passing.length), ...(found.estimate && { totalIsEstimate: true }) };
}

/** The page of the candidates in the SQL plan's order: distance, then document id, ascending. */
function pageOf(statements: StatementCache, tables: GenerationTables, request: TopPlacesRequest, candidates: Valued[]) {
  const ids = new Map(
    (
      statements
        .get(`SELECT row_id AS rowId, id FROM ${tables.documents} WHERE row_id IN (SELECT value FROM json_each(?))`)
        .all(JSON.stringify(candidates.map((candidate) => candidate.rowId))) as Array<{ rowId: number; id: string }>
    ).map((row) => [row.rowId, row.id]),
  );
  const ranked = candidates.map((candidate) => ({ ...candidate, id: ids.get(candidate.rowId)! }));
  ranked.sort((a, b) => a.value - b.value || compareBytes(a.id, b.id));
  return ranked.slice(request.offset, request.offset + request.limit).map(({ rowId, value }) => ({ rowId, textScore: null, distanceKm: value }));
}
