// A batch of prepared rows -> the store, through the Store port: the profiles the rows stand for
// are read back in one call (getMany), each row becomes a create, an update, a removal or nothing
// (importedRevision.ts), published ones get their public page address (importAddresses.ts), and
// the writes go in one importMany (one transaction on SQLite). Idempotent by source id: the profile
// id comes from the place, and a row whose digest the stored profile carries is unchanged.
import { SLUG_KEY_PREFIX } from '../../domain/publicPage/publicSlug';
import type { ProfileImportOutcome, Store } from '../../ports/store';
import { settleAddresses } from './importAddresses';
import { decide, sourceIdOf, type Decision, type WriterSettings } from './importedRevision';
import { countUnmapped, type ImportNotice, type ImportTally } from './importTally';
import type { PreparedRow } from './preparedRow';

export type { WriterSettings } from './importedRevision';

/** Rounds for the writes that raced another writer (a version moved, a page address taken meanwhile). */
const MAX_ROUNDS = 3;

function duplicateIssue(key: string, heldBy: string): string {
  const what = key.startsWith('ph:') ? 'phone number' : key.startsWith(SLUG_KEY_PREFIX) ? 'public page address' : 'name, postal code and country';
  return `has the same ${what} as business ${heldBy}: refused as a duplicate`;
}

function idOf(row: PreparedRow): string | undefined {
  return row.type === 'profile' ? row.profile.id : row.type === 'leftOut' ? row.id : undefined;
}

/** Rows in runs with no profile id twice, so a place listed twice is written twice, in file order. */
function runsWithoutRepeats(rows: readonly PreparedRow[]): PreparedRow[][] {
  const runs: PreparedRow[][] = [[]];
  let seen = new Set<string>();
  for (const row of rows) {
    const id = idOf(row);
    if (id !== undefined && seen.has(id)) {
      runs.push([]);
      seen = new Set();
    }
    if (id !== undefined) seen.add(id);
    runs[runs.length - 1].push(row);
  }
  return runs.filter((run) => run.length > 0);
}

function count(decision: Decision, tally: ImportTally, notify: (notice: ImportNotice) => void): void {
  const { row } = decision;
  if (row.type === 'profile') {
    for (const warning of row.warnings) notify({ kind: 'dropped', line: row.line, ...sourceIdOf(row), field: warning.field, issue: warning.issue });
    tally.droppedFields += row.warnings.length;
  }
  switch (decision.effect) {
    case 'created':
    case 'updated':
      tally[decision.effect] += 1;
      if (row.type === 'profile' && (row.profile.categoryKeys ?? []).length === 0) countUnmapped(tally, row.profile.category);
      return;
    case 'removed':
      tally.removed += 1;
      tally.leftOut += 1;
      return;
    case 'leftOut':
    case 'unchanged':
      tally[decision.effect] += 1;
      return;
    case 'refused':
    case 'kept':
      tally[decision.effect] += 1;
      if (decision.notice) notify(decision.notice);
      return;
  }
}

export interface BatchWriterDeps {
  store: Pick<Store, 'profiles'>;
  settings: WriterSettings;
  clock: () => Date;
}

export function createBatchWriter({ store, settings, clock }: BatchWriterDeps) {
  async function writeRun(run: PreparedRow[], tally: ImportTally, notify: (notice: ImportNotice) => void): Promise<void> {
    let pending = run;
    for (let round = 1; pending.length > 0; round++) {
      const ids = pending.map(idOf).filter((id): id is string => id !== undefined);
      const stored = new Map((await store.profiles.getMany(settings.environment, ids)).map((profile) => [profile.id, profile]));
      const now = clock();
      const decisions = pending.map((row) => decide(row, stored.get(idOf(row) ?? ''), settings, now));
      const unsettled = decisions.flatMap((decision) => (decision.write ? [decision.write] : []));
      const addressed = await settleAddresses(store, unsettled.map((write) => write.profile));
      const writes = unsettled.map((write, at) => ({ ...write, profile: addressed[at] }));
      const outcomes = await store.profiles.importMany(writes);
      const again: PreparedRow[] = [];
      let written = 0;
      for (const decision of decisions) {
        const outcome: ProfileImportOutcome | undefined = decision.write ? outcomes[written++] : undefined;
        if (!outcome || outcome.stored) {
          count(decision, tally, notify);
        } else if (round < MAX_ROUNDS && (outcome.reason === 'stale' || outcome.key.startsWith(SLUG_KEY_PREFIX))) {
          // Raced by a writer outside the import: read and decided again (a taken address is looked past).
          again.push(decision.row);
        } else if (outcome.reason === 'duplicate') {
          tally.duplicates += 1;
          notify({ kind: 'duplicate', line: decision.row.line, ...sourceIdOf(decision.row), issue: duplicateIssue(outcome.key, outcome.heldBy) });
        } else {
          tally.refused += 1;
          notify({ kind: 'refused', line: decision.row.line, ...sourceIdOf(decision.row), issue: 'the profile kept changing while the import wrote it; run the import again' });
        }
      }
      pending = again;
    }
  }

  /** Writes one batch's rows and adds what happened to `tally`; notices go to `notify` as they happen. */
  async function write(rows: readonly PreparedRow[], tally: ImportTally, notify: (notice: ImportNotice) => void): Promise<void> {
    for (const run of runsWithoutRepeats(rows)) await writeRun(run, tally, notify);
  }

  return { write };
}
