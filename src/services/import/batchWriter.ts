// A batch of prepared rows -> the store, through the Store port: the profiles the rows stand for
// are read back in one call (getMany), each row becomes a create, an update, a removal or nothing,
// and the writes go in one importMany (one transaction on SQLite). Idempotent by source id: the
// profile id comes from the place, and a row whose digest the stored profile carries is unchanged.
//
// A profile that someone else owns now, or that was deleted other than by an import, is left as it
// is. An update keeps what the row does not speak for: the profile's id, creation time, and the
// trust, media, exclusive content and blackout dates the service or its owner gave it.
import type { BusinessProfile } from '../../domain/profile';
import type { ProfileImportWrite, Store } from '../../ports/store';
import { withDerivedFields } from '../profileMutation';
import { countUnmapped, type ImportNotice, type ImportTally } from './importTally';
import type { ImportSettings, OperatorField, PreparedRow } from './preparedRow';

/** Writes that raced another writer (their version moved) are read and decided again this often. */
const MAX_ROUNDS = 3;

type Decision =
  | { row: PreparedRow; write: ProfileImportWrite; effect: 'created' | 'updated' | 'removed' }
  | { row: PreparedRow; write?: undefined; effect: 'unchanged' | 'leftOut' | 'refused' | 'kept'; notice?: ImportNotice };

const KEPT_FROM_STORED: readonly OperatorField[] = ['trust', 'exclusiveContent', 'media', 'blackoutDates'];

function updated(stored: BusinessProfile, row: Extract<PreparedRow, { type: 'profile' }>, now: Date): BusinessProfile {
  const next: BusinessProfile = { ...row.profile, id: stored.id, createdAt: stored.createdAt, version: stored.version + 1, updatedAt: now.toISOString() };
  for (const field of KEPT_FROM_STORED) {
    if (row.given.includes(field)) continue;
    (next as unknown as Record<string, unknown>)[field] = stored[field];
  }
  if (!row.given.includes('exclusiveContent') && stored.exclusiveScores) next.exclusiveScores = stored.exclusiveScores;
  if (stored.ownerSuspended) next.ownerSuspended = true;
  return withDerivedFields(next, now);
}

function removed(stored: BusinessProfile, row: Extract<PreparedRow, { type: 'leftOut' }>, now: Date): BusinessProfile {
  const at = now.toISOString();
  return {
    ...stored,
    version: stored.version + 1,
    updatedAt: at,
    deletedAt: at,
    source: { dataset: stored.source?.dataset ?? '', id: row.sourceId, digest: row.digest, removedBecause: row.reason },
  };
}

/** A stored profile this import may write over: its own, and not deleted by someone (an import's own removal may be undone). */
function ours(stored: BusinessProfile, settings: WriterSettings): boolean {
  return stored.ownerId === settings.ownerId && (stored.deletedAt === undefined || stored.source?.removedBecause !== undefined);
}

function keptNotice(row: PreparedRow, stored: BusinessProfile): ImportNotice {
  const issue = stored.deletedAt === undefined ? `profile ${stored.id} now belongs to another account: left as it is` : `profile ${stored.id} was deleted by its owner or an admin: left deleted`;
  return { kind: 'kept', line: row.line, ...('sourceId' in row && row.sourceId !== undefined && { sourceId: row.sourceId }), issue };
}

function decide(row: PreparedRow, stored: BusinessProfile | undefined, settings: WriterSettings, now: Date): Decision {
  if (row.type === 'problem') {
    return { row, effect: 'refused', notice: { kind: 'refused', line: row.line, ...(row.sourceId !== undefined && { sourceId: row.sourceId }), field: row.field, issue: row.issue } };
  }
  if (row.type === 'leftOut') {
    if (!stored || stored.deletedAt !== undefined || stored.ownerId !== settings.ownerId) return { row, effect: 'leftOut' };
    return { row, effect: 'removed', write: { profile: removed(stored, row, now), replaces: stored.version } };
  }
  if (!stored) return { row, effect: 'created', write: { profile: row.profile } };
  if (!ours(stored, settings)) return { row, effect: 'kept', notice: keptNotice(row, stored) };
  if (stored.deletedAt === undefined && stored.source?.digest === row.profile.source?.digest) return { row, effect: 'unchanged' };
  return { row, effect: 'updated', write: { profile: updated(stored, row, now), replaces: stored.version } };
}

function duplicateIssue(key: string, heldBy: string): string {
  const what = key.startsWith('ph:') ? 'phone number' : 'name, postal code and country';
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

export type WriterSettings = Pick<ImportSettings, 'environment' | 'ownerId'>;

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
      const writes = decisions.flatMap((decision) => (decision.write ? [decision.write] : []));
      const outcomes = await store.profiles.importMany(writes);
      const raced: PreparedRow[] = [];
      let written = 0;
      for (const decision of decisions) {
        const outcome = decision.write ? outcomes[written++] : undefined;
        if (!outcome || outcome.stored) {
          count(decision, tally, notify);
        } else if (outcome.reason === 'duplicate') {
          tally.duplicates += 1;
          notify({ kind: 'duplicate', line: decision.row.line, ...sourceIdOf(decision.row), issue: duplicateIssue(outcome.key, outcome.heldBy) });
        } else if (round < MAX_ROUNDS) {
          raced.push(decision.row);
        } else {
          tally.refused += 1;
          notify({ kind: 'refused', line: decision.row.line, ...sourceIdOf(decision.row), issue: 'the profile kept changing while the import wrote it; run the import again' });
        }
      }
      pending = raced;
    }
  }

  /** Writes one batch's rows and adds what happened to `tally`; notices go to `notify` as they happen. */
  async function write(rows: readonly PreparedRow[], tally: ImportTally, notify: (notice: ImportNotice) => void): Promise<void> {
    for (const run of runsWithoutRepeats(rows)) await writeRun(run, tally, notify);
  }

  return { write };
}

function sourceIdOf(row: PreparedRow): { sourceId?: string } {
  const sourceId = row.type === 'profile' ? row.profile.source?.id : row.sourceId;
  return sourceId === undefined ? {} : { sourceId };
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
      tally.leftOut += 1;
      return;
    case 'unchanged':
      tally.unchanged += 1;
      return;
    case 'refused':
    case 'kept':
      tally[decision.effect] += 1;
      if (decision.notice) notify(decision.notice);
      return;
  }
}
