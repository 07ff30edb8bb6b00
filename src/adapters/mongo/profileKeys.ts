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

  return {
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
