// Bulk import on MongoDB (ProfileRepository.importMany): new profiles go in a chunk at a time (their
// keys claimed in one ordered bulk write, the documents in one unordered insert); a replace goes
// through the repository's own replace, which carries the stored document's pending webhook events
// forward. Writes are taken in order, so of two writes sharing a dedupe key the earlier one wins.
// There is no transaction: a crash midway leaves the chunks before it stored, and the claims of a
// chunk whose insert never happened orphaned (reclaimed later, profileKeys.ts).
import type { Model } from 'mongoose';
import { ConflictError, PreconditionFailedError } from '../../domain/errors';
import type { BusinessProfile } from '../../domain/profile';
import type { ProfileImportOutcome, ProfileImportWrite, ProfileRepository } from '../../ports/store';
import { toBusinessDoc, toProfile } from './profileDocument';
import type { ProfileKeyClaims } from './profileKeys';
import type { BusinessDoc } from './schemas/businessSchema';
import { duplicateKeyIndex } from './translateError';

interface InsertFailure {
  writeErrors?: Array<{ index: number }> | { index: number };
}

const liveKeys = (profile: BusinessProfile): string[] => (profile.deletedAt ? [] : profile.dedupeKeys);

export function createProfileImport(deps: {
  businesses: Model<BusinessDoc>;
  keys: ProfileKeyClaims;
  replace: ProfileRepository['replace'];
  onWrite?: () => void;
}): Pick<ProfileRepository, 'importMany' | 'getMany' | 'keyHolders'> {
  const { businesses, keys } = deps;

  /** The indexes of the chunk's documents the insert refused as duplicate ids. */
  async function insert(docs: BusinessDoc[]): Promise<Set<number>> {
    if (docs.length === 0) return new Set();
    try {
      await businesses.collection.insertMany(docs as never[], { ordered: false });
      return new Set();
    } catch (error) {
      if (duplicateKeyIndex(error) === undefined) throw error;
      const errors = (error as InsertFailure).writeErrors ?? [];
      return new Set((Array.isArray(errors) ? errors : [errors]).map((failure) => failure.index));
    }
  }

  async function createChunk(profiles: BusinessProfile[]): Promise<ProfileImportOutcome[]> {
    // Validated before any key is claimed, as create() does: a bad record claims nothing.
    const docs = await Promise.all(profiles.map(async (profile) => {
      const doc = new businesses(toBusinessDoc(profile));
      await doc.validate();
      return doc.toObject() as BusinessDoc;
    }));
    const environment = profiles[0].environment;
    // Ids already stored are refused before anything is tried: an insert refused for its id would
    // still show in mongo-java-server's change stream (real servers write no oplog entry for it).
    const existing = await businesses.find({ _id: { $in: profiles.map((profile) => profile.id) } }, { _id: 1 }).lean<Array<{ _id: string }>>();
    const taken = new Set(existing.map((doc) => doc._id));
    const fresh = profiles.filter((profile) => !taken.has(profile.id));
    const claims = await keys.claimMany(environment, fresh.map((profile) => ({ profileId: profile.id, keys: liveKeys(profile) })));
    const claimOf = new Map(fresh.map((profile, at) => [profile.id, claims[at]]));
    const outcomes: ProfileImportOutcome[] = profiles.map((profile) => {
      const claim = claimOf.get(profile.id);
      if (!claim) return { stored: false, reason: 'stale' };
      return claim.refused ? { stored: false, reason: 'duplicate', ...claim.refused } : { stored: true };
    });
    const admitted = profiles.map((_, at) => at).filter((at) => outcomes[at].stored);
    const refused = await insert(admitted.map((at) => docs[at]));
    for (const [position, at] of admitted.entries()) {
      if (!refused.has(position)) continue;
      outcomes[at] = { stored: false, reason: 'stale' };
      await keys.release(environment, profiles[at].id, claimOf.get(profiles[at].id)?.claimed ?? []).catch(() => undefined);
    }
    return outcomes;
  }

  async function replaceOne(profile: BusinessProfile, expected: number): Promise<ProfileImportOutcome> {
    try {
      await deps.replace(profile, expected);
      return { stored: true };
    } catch (error) {
      if (error instanceof PreconditionFailedError) return { stored: false, reason: 'stale' };
      // DUPLICATE_PROFILE, or SlugTakenError for a page address: either way a key another profile holds.
      if (!(error instanceof ConflictError)) throw error;
      for (const key of new Set(liveKeys(profile))) {
        const heldBy = await keys.holderOf(profile.environment, key);
        if (heldBy !== null && heldBy !== profile.id) return { stored: false, reason: 'duplicate', key, heldBy };
      }
      throw error;
    }
  }

  return {
    async importMany(writes) {
      const outcomes: ProfileImportOutcome[] = [];
      let chunk: BusinessProfile[] = [];
      const flush = async () => {
        if (chunk.length > 0) outcomes.push(...(await createChunk(chunk)));
        chunk = [];
      };
      for (const write of writes as ProfileImportWrite[]) {
        if (write.replaces === undefined && (chunk.length === 0 || chunk[0].environment === write.profile.environment)) {
          chunk.push(write.profile);
          continue;
        }
        await flush();
        if (write.replaces === undefined) chunk.push(write.profile);
        else outcomes.push(await replaceOne(write.profile, write.replaces));
      }
      await flush();
      if (outcomes.some((outcome) => outcome.stored)) deps.onWrite?.();
      return outcomes;
    },

    async keyHolders(environment, wanted) {
      if (wanted.length === 0) return new Map();
      const claims = await keys.heldAmong(environment, wanted);
      return new Map(claims.map((claim) => [claim.key, claim.profileId]));
    },

    async getMany(environment, ids) {
      if (ids.length === 0) return [];
      const docs = await businesses.find({ _id: { $in: [...ids] }, environment }).lean<BusinessDoc[]>();
      return docs.map(toProfile);
    },
  };
}
