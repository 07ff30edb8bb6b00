// What the randomized comparisons of the embedded index's retrieval paths with its exhaustive
// plans share (sqliteTopText, sqliteKindPagesRandom): generated weekly hours and time filters,
// the churn of live writes and the rebuild they are compared after, and the index file's state.
import type { Weekday, WeeklyHours } from '../../src/domain/profile';
import type { OpeningFilter } from '../../src/domain/search/openingFilter';
import { createIndexState } from '../../src/adapters/sqlite/search/indexState';
import { prepareSearchConnection } from '../../src/adapters/sqlite/search/searchReader';
import { openDatabase, type SqliteDatabase } from '../../src/adapters/sqlite/openDatabase';
import type { SearchDocument, SearchIndex } from '../../src/ports/searchIndex';
import type { SeededRandom } from '../../scripts/bench/seededRandom';

export const DAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Query instants spread over a week in late November 2026; blackout dates fall around them. */
const WEEK_START = Date.parse('2026-11-23T00:00:00Z');
export const BLACKOUT_DAYS = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];

export const clock = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Weekly hours: open all day, evenings past midnight, or days; some days closed (each with `closedChance`). */
export function randomWeeklyHours(random: SeededRandom, closedChance: number): WeeklyHours {
  const kind = random.int(0, 4);
  const week: WeeklyHours = {};
  for (const day of DAYS) {
    if (random.chance(closedChance)) continue;
    if (kind === 0) week[day] = { open: '00:00', close: '00:00' };
    else if (kind === 1) week[day] = { open: clock(random.int(17, 21) * 60), close: clock(random.int(0, 3) * 60 + random.pick([0, 30])) };
    else week[day] = { open: clock(random.int(6, 10) * 60 + random.pick([0, 15, 30])), close: clock(random.int(15, 23) * 60 + random.pick([0, 30, 59])) };
  }
  return week;
}

/** A time filter at an instant of the week: each kind the consumer search sends. */
export function randomOpeningFilter(random: SeededRandom): OpeningFilter {
  const at = new Date(WEEK_START + random.int(0, 7 * 24 * 60) * 60_000).toISOString();
  switch (random.int(0, 6)) {
    case 0: return { at, openNow: true };
    case 1: return { at, day: random.pick(DAYS) };
    case 2: return { at, weekend: true };
    case 3: return { at, relativeDay: 'today', late: true };
    case 4: return { at, openNow: true, day: random.pick(DAYS) };
    case 5: return { at, relativeDay: 'tomorrow' };
    default: return { at, openAt: clock(random.int(0, 23) * 60) };
  }
}

/**
 * Live writes over a written corpus of `count` documents: 300 updates (moves and new fields
 * included), 200 new documents, 100 deletes in both environments (some of ids never written).
 */
export async function applyChurn(index: SearchIndex, random: SeededRandom, count: number, document: (random: SeededRandom, n: number) => SearchDocument): Promise<void> {
  const changed = Array.from({ length: 300 }, () => document(random, random.int(0, count - 1)));
  const added = Array.from({ length: 200 }, (_, n) => document(random, count + n));
  const deleted = Array.from({ length: 100 }, () => document(random, random.int(0, count - 1)).id);
  expect(await index.apply([...changed, ...added].map((doc) => ({ type: 'upsert' as const, document: doc })))).toEqual({ failures: [] });
  await index.apply(deleted.flatMap((id) => (['live', 'test'] as const).map((environment) => ({ type: 'delete' as const, environment, id }))));
}

/** A rebuild that writes `docs` in one write (large enough that its rows are prepared on threads). */
export async function rebuildWith(index: SearchIndex, docs: SearchDocument[]): Promise<void> {
  await index.rebuild(async (write) => {
    expect(await write(docs.map((doc) => ({ type: 'upsert' as const, document: doc })))).toEqual({ failures: [] });
  });
  expect(await index.count()).toBe(docs.length);
}

/** A second connection to the index file, prepared as a searching one is. */
export function searchingConnection(file: string, library: string | null): SqliteDatabase {
  const db = openDatabase({ file });
  prepareSearchConnection(db, { rankLibrary: library });
  return db;
}

/** Which generations of the file have complete search lists and kind lists. */
export function listMarks(file: string): { listed: number[]; kindsListed: number[] } {
  const raw = openDatabase({ file });
  try {
    const { listed, kindsListed } = createIndexState(raw).read();
    return { listed, kindsListed };
  } finally {
    raw.close();
  }
}

/** Makes generation 1 of the file look as a version before some lists wrote it: their tables, marks and migration gone. */
export function asWrittenBefore(file: string, { tables, markPrefix, migration }: { tables: string[]; markPrefix: string; migration: number }): void {
  const raw = openDatabase({ file });
  try {
    for (const table of tables) raw.exec(`DROP TABLE ${table}`);
    raw.prepare('DELETE FROM search_index_state WHERE key LIKE ?').run(`${markPrefix}%`);
    raw.prepare(`DELETE FROM schema_migrations WHERE component = 'searchIndex' AND version >= ?`).run(migration);
  } finally {
    raw.close();
  }
}
