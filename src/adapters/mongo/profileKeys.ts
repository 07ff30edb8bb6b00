// Claims on profile dedupe keys (`profile_keys`, unique on environment + key). MongoDB without a
// replica set has no multi-document transactions (mongo-java-server has none at all), so a profile
// write and its key claims are separate writes, ordered so that no failure can admit a duplicate:
// keys are claimed before the profile is written and released only after it no longer needs them.
// What a crash can leave behind is a claim with no profile listing its key, which blocks that key
// (a false DUPLICATE_PROFILE, never a real duplicate): such an orphan is reclaimed when another
// profile asks for the key, once it is older than a grace period that covers in-flight writes.
import type { Model } from 'mongoose';
import type { Environment } from '../../domain/profile';
import type { BusinessDoc } from './schemas/businessSchema';
import type { ProfileKeyDoc } from './schemas/profileKeySchema';
import { duplicateKeyIndex } from './translateError';
import { duplicateProfileError } from '../../domain/dedupeKeys';
import { ConflictError } from '../../domain/errors';

export const ORPHANED_CLAIM_GRACE_MS = 60_000;

export interface ProfileKeyClaims {
  /**
   * Makes `profileId` hold every key (keys it already holds stay as they are) and returns the keys
   * claimed by this call. ConflictError('DUPLICATE_PROFILE') when another live profile holds one;
   * the keys claimed so far are released first.
   */
  claim(environment: Environment, profileId: string, keys: readonly string[]): Promise<string[]>;
  /** Releases these keys if `profileId` holds them. */
  release(environment: Environment, profileId: string, keys: readonly string[]): Promise<void>;
  /** Releases every key `profileId` holds except `keep`. */
  releaseAllBut(profileId: string, keep: readonly string[]): Promise<void>;
  /**
   * claim() for several profiles of one environment, in order, in one ordered bulk write resumed
   * after each refused claim (which is then settled alone, orphans reclaimed as claim() does). For
   * each request: the keys this call claimed, or the key another profile holds and that profile's
   * id (the request's claims of this call are then released).
   */
  claimMany(environment: Environment, requests: ReadonlyArray<{ profileId: string; keys: readonly string[] }>): Promise<ClaimOutcome[]>;
  /** The profile holding a key, or null when nobody does. */
  holderOf(environment: Environment, key: string): Promise<string | null>;
  /** The claims held on any of these keys. */
  heldAmong(environment: Environment, keys: readonly string[]): Promise<Array<{ key: string; profileId: string }>>;
}

export type ClaimOutcome = { claimed: string[]; refused?: undefined } | { claimed?: undefined; refused: { key: string; heldBy: string } };

interface BulkFailure {
  result?: { upsertedIds?: Record<number, unknown> };
  writeErrors?: Array<{ index: number }> | { index: number };
}

export interface ProfileKeyClaimsDeps {
  profileKeys: Model<ProfileKeyDoc>;
  businesses: Model<BusinessDoc>;
  now?: () => number;
}

export function createProfileKeyClaims({ profileKeys, businesses, now = Date.now }: ProfileKeyClaimsDeps): ProfileKeyClaims {

  /** True when this call created the claim, false when the profile already held it. */
  async function claimOne(environment: Environment, key: string, profileId: string): Promise<boolean> {
    const result = await profileKeys.updateOne(
      { environment, key, profileId },
      { $setOnInsert: { claimedAt: new Date(now()).toISOString() } },
      { upsert: true },
    );
    return result.upsertedCount === 1;
  }

  /** Deletes the key's claim when it is an orphan past the grace period; true if it did. */
  async function reclaimOrphan(environment: Environment, key: string): Promise<boolean> {
    const claim = await profileKeys.findOne({ environment, key }).lean<ProfileKeyDoc & { _id: unknown }>();
    if (!claim || now() - Date.parse(claim.claimedAt) < ORPHANED_CLAIM_GRACE_MS) return false;
    const holder = await businesses
      .findOne({ _id: claim.profileId }, { environment: 1, deletedAt: 1, dedupeKeys: 1 })
      .lean<Pick<BusinessDoc, 'environment' | 'deletedAt' | 'dedupeKeys'>>();
    const stillHeld = holder && !holder.deletedAt && holder.environment === environment && holder.dedupeKeys.includes(key);
    if (stillHeld) return false;
    const removed = await profileKeys.deleteOne({ _id: claim._id, profileId: claim.profileId });
    return removed.deletedCount === 1;
  }

  async function claimOrConflict(environment: Environment, key: string, profileId: string): Promise<boolean> {
    try {
      return await claimOne(environment, key, profileId);
    } catch (error) {
      if (duplicateKeyIndex(error) === undefined) throw error;
      if (!(await reclaimOrphan(environment, key))) throw duplicateProfileError(key);
      try {
        return await claimOne(environment, key, profileId);
      } catch (retry) {
        throw duplicateKeyIndex(retry) === undefined ? retry : duplicateProfileError(key);
      }
    }
  }

  const release: ProfileKeyClaims['release'] = async (environment, profileId, keys) => {
    if (keys.length === 0) return;
    await profileKeys.deleteMany({ environment, profileId, key: { $in: [...keys] } });
  };

  const holderOf: ProfileKeyClaims['holderOf'] = async (environment, key) => {
    const claim = await profileKeys.findOne({ environment, key }, { profileId: 1 }).lean<Pick<ProfileKeyDoc, 'profileId'>>();
    return claim?.profileId ?? null;
  };

  /** Runs the claims from `from` in one ordered bulk write: which of them it created, and where it stopped on a taken key. */
  async function bulkClaims(environment: Environment, claims: ReadonlyArray<{ key: string; profileId: string }>, from: number) {
    const claimedAt = new Date(now()).toISOString();
    const operations = claims.slice(from).map(({ key, profileId }) => ({
      updateOne: { filter: { environment, key, profileId }, update: { $setOnInsert: { claimedAt } }, upsert: true },
    }));
    const created = new Set<number>();
    try {
      const result = await profileKeys.bulkWrite(operations, { ordered: true });
      for (const index of Object.keys(result.upsertedIds)) created.add(from + Number(index));
      return { created, stoppedAt: undefined };
    } catch (error) {
      if (duplicateKeyIndex(error) === undefined) throw error;
      const failure = error as BulkFailure;
      for (const index of Object.keys(failure.result?.upsertedIds ?? {})) created.add(from + Number(index));
      const errors = failure.writeErrors;
      const first = Array.isArray(errors) ? errors[0] : errors;
      if (first === undefined) throw error;
      return { created, stoppedAt: from + first.index };
    }
  }

  return {
    holderOf,
    async heldAmong(environment, wanted) {
      return profileKeys.find({ environment, key: { $in: [...wanted] } }, { key: 1, profileId: 1 }).lean<Array<{ key: string; profileId: string }>>();
    },
    async claimMany(environment, requests) {
      const claims = requests.flatMap((request, at) => [...new Set(request.keys)].map((key) => ({ key, profileId: request.profileId, at })));
      const outcomes: ClaimOutcome[] = requests.map(() => ({ claimed: [] }));
      let from = 0;
      while (from < claims.length) {
        const { created, stoppedAt } = await bulkClaims(environment, claims, from);
        for (const index of created) outcomes[claims[index].at].claimed?.push(claims[index].key);
        if (stoppedAt === undefined) break;
        const { key, profileId, at } = claims[stoppedAt];
        try {
          if (await claimOrConflict(environment, key, profileId)) outcomes[at].claimed?.push(key);
          from = stoppedAt + 1;
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
          await release(environment, profileId, outcomes[at].claimed ?? []).catch(() => undefined);
          outcomes[at] = { refused: { key, heldBy: (await holderOf(environment, key)) ?? '(unknown)' } };
          // The refused profile's other keys are not claimed: go on with the next profile's.
          from = stoppedAt + 1;
          while (from < claims.length && claims[from].at === at) from++;
        }
      }
      return outcomes;
    },
    async claim(environment, profileId, keys) {
      const claimed: string[] = [];
      try {
        for (const key of new Set(keys)) {
          if (await claimOrConflict(environment, key, profileId)) claimed.push(key);
        }
      } catch (error) {
        // Best effort: a release that fails here leaves an orphan, which is reclaimable later.
        await release(environment, profileId, claimed).catch(() => undefined);
        throw error;
      }
      return claimed;
    },
    release,
    async releaseAllBut(profileId, keep) {
      await profileKeys.deleteMany({ profileId, key: { $nin: [...keep] } });
    },
  };
}
