// Dedupe keys of live profiles, one document per (environment, key): the unique index turns
// DUPLICATE_PROFILE into a database rule that two concurrent writers cannot both pass, and keys
// are released by deleting their documents when a profile drops them or is deleted.
import { Schema } from 'mongoose';
import { environment, recordOptions, requiredTimestamp } from './storedFields';

export interface ProfileKeyDoc {
  environment: 'live' | 'test';
  key: string;
  profileId: string;
  /** When the claim was made: an orphaned claim (its writer crashed) is reclaimable after a grace period. */
  claimedAt: string;
}

export const profileKeySchema = new Schema<ProfileKeyDoc>(
  {
    environment,
    key: { type: String, required: true },
    profileId: { type: String, required: true },
    claimedAt: requiredTimestamp,
  },
  recordOptions('profile_keys'),
);
profileKeySchema.index({ environment: 1, key: 1 }, { unique: true });
profileKeySchema.index({ profileId: 1 });
