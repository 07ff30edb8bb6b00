// What an import writes for a row, given the profile stored for its place (if any): pure decisions,
// no store. A profile that someone else owns now, or that was deleted other than by an import, is
// left as it is. An update keeps what the row does not speak for: the profile's id, creation time,
// public page addresses and setting, and the trust, media, exclusive content and blackout dates the
// service or its owner gave it. A place the source says is gone removes the profile an earlier
// import made of it (soft delete, as a DELETE does); a later import that finds it again restores it.
import type { BusinessProfile } from '../../domain/profile';
import type { ProfileImportWrite } from '../../ports/store';
import { withDerivedFields } from '../profileMutation';
import type { ImportNotice } from './importTally';
import type { ImportSettings, OperatorField, PreparedRow } from './preparedRow';

export type WriterSettings = Pick<ImportSettings, 'environment' | 'ownerId'>;

export type Decision =
  | { row: PreparedRow; write: ProfileImportWrite; effect: 'created' | 'updated' | 'removed' }
  | { row: PreparedRow; write?: undefined; effect: 'unchanged' | 'leftOut' | 'refused' | 'kept'; notice?: ImportNotice };

const KEPT_FROM_STORED: readonly OperatorField[] = ['trust', 'exclusiveContent', 'media', 'blackoutDates'];

function keep<K extends keyof BusinessProfile>(next: BusinessProfile, stored: BusinessProfile, field: K): void {
  next[field] = stored[field];
}

function updated(stored: BusinessProfile, row: Extract<PreparedRow, { type: 'profile' }>, now: Date): BusinessProfile {
  const next: BusinessProfile = { ...row.profile, id: stored.id, createdAt: stored.createdAt, version: stored.version + 1, updatedAt: now.toISOString() };
  for (const field of KEPT_FROM_STORED) {
    if (row.given.includes(field)) continue;
    keep(next, stored, field);
  }
  if (!row.given.includes('exclusiveContent') && stored.exclusiveScores) next.exclusiveScores = stored.exclusiveScores;
  if (stored.ownerSuspended) next.ownerSuspended = true;
  if (stored.publicPage) next.publicPage = stored.publicPage;
  // The stored addresses are its own; without any, the row's guess stands (importAddresses.ts).
  if (stored.publicSlugs) next.publicSlugs = stored.publicSlugs;
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

export function sourceIdOf(row: PreparedRow): { sourceId?: string } {
  const sourceId = row.type === 'profile' ? row.profile.source?.id : row.sourceId;
  return sourceId === undefined ? {} : { sourceId };
}

function keptNotice(row: PreparedRow, stored: BusinessProfile): ImportNotice {
  const issue = stored.deletedAt === undefined ? `profile ${stored.id} now belongs to another account: left as it is` : `profile ${stored.id} was deleted by its owner or an admin: left deleted`;
  return { kind: 'kept', line: row.line, ...sourceIdOf(row), issue };
}

export function decide(row: PreparedRow, stored: BusinessProfile | undefined, settings: WriterSettings, now: Date): Decision {
  if (row.type === 'problem') {
    return { row, effect: 'refused', notice: { kind: 'refused', line: row.line, ...sourceIdOf(row), field: row.field, issue: row.issue } };
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
