// What top_text and top_places (native/topText.c, native/topPlaces.c) answer, read back: the
// count of sure matches, the best ones with their ties, and the maybes the time filter's masks
// left undecided, which the SQL plan's own opening function decides here. Shared by topText.ts
// and topPlaces.ts.
import type { OpeningFilter } from '../../../domain/search/openingFilter';
import type { GenerationTables } from './indexTables';
import { OPENING_FUNCTION } from './searchPlan';
import type { StatementCache } from './statementCache';

/** A match and its value: a text score (higher is better) or a distance (lower is better). */
export interface Valued {
  rowId: number;
  value: number;
}

export interface NativeMatches {
  sure: number;
  /** `sure` is a lower bound: counting stopped past the request's exactUpTo. */
  estimate: boolean;
  top: Valued[];
  maybe: Valued[];
}

/** u32 sure, u32 estimate, u32 nTop, nTop x (i64 rowid, f64 value), u32 nMaybe, nMaybe x (i64 rowid, f64 value). */
export function decodeMatches(blob: Buffer): NativeMatches {
  let at = 0;
  const u32 = (): number => {
    const value = blob.readUInt32LE(at);
    at += 4;
    return value;
  };
  const entries = (): Valued[] =>
    Array.from({ length: u32() }, () => {
      const rowId = Number(blob.readBigInt64LE(at));
      const value = blob.readDoubleLE(at + 8);
      at += 16;
      return { rowId, value };
    });
  const sure = u32();
  const estimate = u32() === 1;
  const top = entries();
  const maybe = entries();
  return { sure, estimate, top, maybe };
}

/** The maybes the exact time rules let through: the SQL plan's own function on the same column. */
export function openAsAsked(statements: StatementCache, tables: GenerationTables, filter: OpeningFilter, maybe: Valued[]): Valued[] {
  if (maybe.length === 0) return [];
  const open = new Set(
    statements
      .get(
        `SELECT d.row_id FROM json_each(?) AS c JOIN ${tables.documents} AS d ON d.row_id = c.value ` +
          `WHERE ${OPENING_FUNCTION}(coalesce(d.opening, (SELECT j.document FROM ${tables.json} AS j WHERE j.row_id = d.row_id)), ?)`,
      )
      .pluck()
      .all(JSON.stringify(maybe.map((scored) => scored.rowId)), JSON.stringify(filter)) as number[],
  );
  return maybe.filter((scored) => open.has(scored.rowId));
}

/**
 * The matches that can be among the first k: every sure one the native function kept (those at
 * least as good as the k-th best sure one), and each passing maybe at least that good (with fewer
 * than k sure matches, every one). `better(a, b)`: a ranks before b on value alone.
 */
export function pageCandidates(found: NativeMatches, passing: Valued[], k: number, better: (a: number, b: number) => boolean): Valued[] {
  if (found.sure < k || k === 0) return [...found.top, ...passing];
  const kth = found.top.map((entry) => entry.value).sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0))[k - 1];
  return [...found.top, ...passing.filter((entry) => !better(kth, entry.value))];
}

/** SQLite's BINARY collation: UTF-8 bytes, which order as code points (JavaScript's < compares UTF-16 units). */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
