import { pageSize, toListPage } from '../../keysetPage';
import { PreconditionFailedError } from '../../../domain/errors';
import type { BusinessProfile, Environment, ExclusiveContent } from '../../../domain/profile';
import type { ProfileImportOutcome, ProfileImportWrite, ProfileRepository } from '../../../ports/store';
import type { SqliteDatabase } from '../openDatabase';
import type { ChangeSignal } from './changeSignal';
import type { OutboxWriter } from './webhookOutbox';
import type { WebhookEvent } from '../../../domain/webhooks/webhookRecords';
import { isUniqueViolation } from './uniqueViolation';
import { decodeCursor, encodeCursor } from '../../pageCursor';
import { duplicateProfileError } from '../../../domain/dedupeKeys';
import { SLUG_KEY_PREFIX } from '../../../domain/publicPage/publicSlug';
import { publishedListingOf } from '../../../domain/publicPage/publishedListing';
import type { Synchronous } from './synchronous';

interface DocRow {
  doc: string;
}

const EXCLUSIVE_FIELDS: ReadonlyArray<keyof ExclusiveContent> = [
  'insiderTips',
  'localSecrets',
  'behindTheScenes',
  'sustainabilityPractices',
];

export interface ProfileRepositoryDeps {
  db: SqliteDatabase;
  /** Told after every committed profile write, to wake change-feed readers. */
  signal: ChangeSignal;
  /** Stores a write's webhook events in its transaction. */
  outbox: OutboxWriter;
}

export function createProfileRepository({ db, signal, outbox }: ProfileRepositoryDeps): Synchronous<ProfileRepository> {
  const insertProfile = db.prepare<[string, string, string]>('INSERT INTO profiles (id, doc, category_key) VALUES (?, ?, ?)');
  const swapProfile = db.prepare<[string, string, string, Environment, number]>(
    'UPDATE profiles SET doc = ?, category_key = ? WHERE id = ? AND environment = ? AND version = ?',
  );
  const insertKey = db.prepare<[Environment, string, string]>(
    'INSERT INTO profile_keys (environment, key, profile_id) VALUES (?, ?, ?)',
  );
  const releaseKeys = db.prepare<[string]>('DELETE FROM profile_keys WHERE profile_id = ?');
  const keyHolder = db.prepare<[Environment, string], { profile_id: string }>('SELECT profile_id FROM profile_keys WHERE environment = ? AND key = ?');
  const keysHeld = db.prepare<[Environment, string], { key: string; profile_id: string }>(
    'SELECT key, profile_id FROM profile_keys WHERE environment = ? AND key IN (SELECT value FROM json_each(?))',
  );
  const removeProfile = db.prepare<[string]>('DELETE FROM profiles WHERE id = ?');
  const appendChange = db.prepare<[string, Environment, string]>(
    'INSERT INTO changes (profile_id, environment, at) VALUES (?, ?, ?)',
  );
  const byId = db.prepare<[string, Environment, number], DocRow>(
    'SELECT doc FROM profiles WHERE id = ? AND environment = ? AND (deleted_at IS NULL OR ?)',
  );
  const byOwner = db.prepare<[Environment, string], DocRow>(
    'SELECT doc FROM profiles WHERE environment = ? AND owner_id = ? AND deleted_at IS NULL ORDER BY created_at, id',
  );
  const ownerPage = db.prepare<[Environment, string, string, string, number], DocRow>(
    `SELECT doc FROM profiles WHERE environment = ? AND owner_id = ? AND deleted_at IS NULL AND (created_at, id) > (?, ?)
     ORDER BY created_at, id LIMIT ?`,
  );
  const ownerCount = db.prepare<[Environment, string], { n: number }>(
    'SELECT count(*) AS n FROM profiles WHERE environment = ? AND owner_id = ? AND deleted_at IS NULL',
  );
  const hasContent = EXCLUSIVE_FIELDS.map((field) => `trim(coalesce(json_extract(doc, '$.exclusiveContent.${field}'), '')) <> ''`);
  const exclusiveContent = db.prepare<[Environment, string, string, number], Record<string, string | null> & { id: string }>(
    `SELECT id, ${EXCLUSIVE_FIELDS.map((field) => `json_extract(doc, '$.exclusiveContent.${field}') AS ${field}`).join(', ')}
     FROM profiles
     WHERE environment = ? AND category_key = ? AND id <> ? AND deleted_at IS NULL AND (${hasContent.join(' OR ')})
     ORDER BY updated_at DESC, id
     LIMIT ?`,
  );
  // One statement for any number of ids: they come in as one JSON array.
  const byIds = db.prepare<[Environment, string], DocRow>(
    'SELECT doc FROM profiles WHERE environment = ? AND id IN (SELECT value FROM json_each(?))',
  );
  const countLive = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM profiles WHERE deleted_at IS NULL');
  const bySlug = db.prepare<[Environment, string], DocRow>(
    `SELECT p.doc FROM profile_keys k JOIN profiles p ON p.id = k.profile_id
     WHERE k.environment = ? AND k.key = ? AND p.deleted_at IS NULL`,
  );
  // Walked by the primary key: "+environment" keeps the planner off profiles_owner (environment
  // first), which would read every live profile and sort them for each page. The document is
  // parsed in JavaScript, once, rather than by SQLite's JSON functions once per field.
  const publishedPage = db.prepare<[string, number], DocRow & { id: string }>(
    `SELECT id, doc FROM profiles WHERE +environment = 'live' AND status = 'published' AND deleted_at IS NULL AND id > ? ORDER BY id LIMIT ?`,
  );
  const scanPage = db.prepare<[string, number], DocRow & { id: string }>(
    'SELECT id, doc FROM profiles WHERE deleted_at IS NULL AND id > ? ORDER BY id LIMIT ?',
  );

  const claimKeys = (profile: BusinessProfile) => {
    if (profile.deletedAt) return;
    for (const key of new Set(profile.dedupeKeys)) {
      try {
        insertKey.run(profile.environment, key, profile.id);
      } catch (error) {
        if (isUniqueViolation(error, 'profile_keys', ['environment', 'key'])) {
          throw duplicateProfileError(key);
        }
        throw error;
      }
    }
  };

  // Profile, keys, change row and webhook events commit together or not at all (db.transaction rolls back on throw).
  const create = db.transaction((profile: BusinessProfile, doc: string, events?: readonly WebhookEvent[]) => {
    insertProfile.run(profile.id, doc, categoryKey(profile.category));
    claimKeys(profile);
    appendChange.run(profile.id, profile.environment, new Date().toISOString());
    outbox(events);
  });

  // A bulk load commits once per batch: a commit per profile is most of a single create's cost.
  const createMany = db.transaction((profiles: readonly BusinessProfile[]) => {
    const at = new Date().toISOString();
    for (const profile of profiles) {
      insertProfile.run(profile.id, JSON.stringify(profile), categoryKey(profile.category));
      claimKeys(profile);
      appendChange.run(profile.id, profile.environment, at);
    }
  });

  /** The first dedupe key of `profile` another profile holds, with that profile's id. */
  const takenKey = (profile: BusinessProfile): { key: string; heldBy: string } | undefined => {
    if (profile.deletedAt) return undefined;
    for (const key of new Set(profile.dedupeKeys)) {
      const holder = keyHolder.get(profile.environment, key);
      if (holder && holder.profile_id !== profile.id) return { key, heldBy: holder.profile_id };
    }
    return undefined;
  };

  /**
   * A new profile, its keys claimed by inserting them (the usual case: they are free, and a lookup
   * first would double the work). A key another profile holds takes the row out again (its keys
   * go with it, ON DELETE CASCADE): the profile goes in first because the keys refer to it.
   */
  const storeNew = (profile: BusinessProfile, doc: string): ProfileImportOutcome => {
    try {
      insertProfile.run(profile.id, doc, categoryKey(profile.category));
    } catch (error) {
      if (isUniqueViolation(error, 'profiles', ['id'])) return { stored: false, reason: 'stale' };
      throw error;
    }
    for (const key of new Set(profile.deletedAt ? [] : profile.dedupeKeys)) {
      try {
        insertKey.run(profile.environment, key, profile.id);
      } catch (error) {
        if (!isUniqueViolation(error, 'profile_keys', ['environment', 'key'])) throw error;
        removeProfile.run(profile.id);
        return { stored: false, reason: 'duplicate', key, heldBy: keyHolder.get(profile.environment, key)?.profile_id ?? '(unknown)' };
      }
    }
    return { stored: true };
  };

  const storeRevision = (profile: BusinessProfile, doc: string, replaces: number): ProfileImportOutcome => {
    const taken = takenKey(profile);
    if (taken) return { stored: false, reason: 'duplicate', ...taken };
    if (swapProfile.run(doc, categoryKey(profile.category), profile.id, profile.environment, replaces).changes !== 1) return { stored: false, reason: 'stale' };
    releaseKeys.run(profile.id);
    claimKeys(profile);
    return { stored: true };
  };

  // An import batch commits once; a refused write leaves nothing of it behind and the others still go in.
  const importMany = db.transaction((writes: readonly ProfileImportWrite[]): ProfileImportOutcome[] => {
    const at = new Date().toISOString();
    return writes.map(({ profile, replaces }): ProfileImportOutcome => {
      const doc = JSON.stringify(profile);
      const outcome = replaces === undefined ? storeNew(profile, doc) : storeRevision(profile, doc, replaces);
      if (outcome.stored) appendChange.run(profile.id, profile.environment, at);
      return outcome;
    });
  });

  const replace = db.transaction((next: BusinessProfile, doc: string, expectedVersion: number, events?: readonly WebhookEvent[]) => {
    const swapped = swapProfile.run(doc, categoryKey(next.category), next.id, next.environment, expectedVersion);
    if (swapped.changes !== 1) {
      throw new PreconditionFailedError(`Profile ${next.id} is not at version ${expectedVersion}`);
    }
    releaseKeys.run(next.id);
    claimKeys(next);
    appendChange.run(next.id, next.environment, new Date().toISOString());
    outbox(events);
  });

  return {
    create(profile, events) {
      const doc = JSON.stringify(profile);
      create.immediate(profile, doc, events);
      signal.notify();
      return JSON.parse(doc) as BusinessProfile;
    },
    createMany(profiles) {
      if (profiles.length === 0) return;
      createMany.immediate(profiles);
      signal.notify();
    },
    importMany(writes) {
      if (writes.length === 0) return [];
      const outcomes = importMany.immediate(writes);
      if (outcomes.some((outcome) => outcome.stored)) signal.notify();
      return outcomes;
    },
    keyHolders(environment, keys) {
      if (keys.length === 0) return new Map();
      return new Map(keysHeld.all(environment, JSON.stringify(keys)).map((row) => [row.key, row.profile_id]));
    },
    getMany(environment, ids) {
      if (ids.length === 0) return [];
      return byIds.all(environment, JSON.stringify(ids)).map((row) => JSON.parse(row.doc) as BusinessProfile);
    },
    get(environment, id, options) {
      const row = byId.get(id, environment, options?.includeDeleted ? 1 : 0);
      return row ? (JSON.parse(row.doc) as BusinessProfile) : null;
    },
    listByOwner(environment, ownerId) {
      return byOwner.all(environment, ownerId).map((row) => JSON.parse(row.doc) as BusinessProfile);
    },
    pageByOwner(environment, ownerId, options) {
      const size = pageSize(options);
      const rows = ownerPage.all(environment, ownerId, options.after?.createdAt ?? '', options.after?.id ?? '', size + 1);
      const total = (ownerCount.get(environment, ownerId) as { n: number }).n;
      return toListPage(rows.map((row) => JSON.parse(row.doc) as BusinessProfile), size, total);
    },
    replace(next, expectedVersion, events) {
      const doc = JSON.stringify(next);
      replace.immediate(next, doc, expectedVersion, events);
      signal.notify();
      return JSON.parse(doc) as BusinessProfile;
    },
    exclusiveContentInCategory(environment, category, excludeId, limit) {
      const rows = exclusiveContent.all(environment, categoryKey(category), excludeId, Math.max(0, Math.trunc(limit)));
      return rows.map((row) => ({
        id: row.id,
        text: EXCLUSIVE_FIELDS.map((field) => row[field]?.trim() ?? '')
          .filter((text) => text !== '')
          .join('\n'),
      }));
    },
    scan({ after, limit }) {
      const size = Math.max(1, Math.trunc(limit));
      // One extra row tells whether another page exists without a COUNT.
      const rows = scanPage.all(after === undefined ? '' : decodeCursor(after), size + 1);
      const page = rows.slice(0, size);
      const profiles = page.map((row) => JSON.parse(row.doc) as BusinessProfile);
      return rows.length > size ? { profiles, next: encodeCursor(page[page.length - 1].id) } : { profiles };
    },
    countScannable() {
      return (countLive.get() as { n: number }).n;
    },
    findBySlug(environment, slug) {
      const row = bySlug.get(environment, `${SLUG_KEY_PREFIX}${slug}`);
      return row ? (JSON.parse(row.doc) as BusinessProfile) : null;
    },
    pagePublished({ after, limit }) {
      const size = Math.max(1, Math.trunc(limit));
      const rows = publishedPage.all(after === undefined ? '' : decodeCursor(after), size + 1);
      const listings = rows.slice(0, size).map((row) => publishedListingOf(JSON.parse(row.doc) as BusinessProfile));
      return rows.length > size ? { listings, next: encodeCursor(listings[listings.length - 1].id) } : { listings };
    },
  };
}

/** Categories compare case-insensitively; lower-cased in JavaScript because SQLite's lower() is ASCII-only. */
function categoryKey(category: string): string {
  return category.trim().toLowerCase();
}
