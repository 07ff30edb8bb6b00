// Ordered stream of profile changes. SQLite: a `changes` table written in the same
// transaction as the profile. MongoDB: a change stream on the businesses collection.
import type { BusinessProfile, Environment } from '../domain/profile';

export interface ProfileChange {
  /** Opaque, resumable: reading from it returns the changes strictly after this one. */
  position: string;
  profileId: string;
  environment: Environment;
  /** The profile as written (deleted ones carry deletedAt); null if it no longer exists. */
  profile: BusinessProfile | null;
  at: string;
}

export interface ChangeBatch {
  changes: ProfileChange[];
  /** Position to resume from after this batch (equals the input when the batch is empty). */
  position: string | null;
}

/** Thrown when the feed cannot resume from a position (history trimmed): the consumer must reindex. */
export class ChangeHistoryLostError extends Error {
  constructor(message = 'Change history no longer holds the requested position') {
    super(message);
    this.name = 'ChangeHistoryLostError';
  }
}

export interface ChangeFeed {
  /**
   * Up to `max` changes after `position` (null = from the beginning of retained history).
   * Waits up to `waitMs` for the first change when none is pending.
   */
  read(position: string | null, max: number, waitMs: number): Promise<ChangeBatch>;
  /** The position of the newest change, for lag reporting; null when empty. */
  head(): Promise<string | null>;
  /** How many changes lie after `position` (may be an estimate on engines that cannot count). */
  countAfter(position: string | null): Promise<number | null>;
  close(): Promise<void>;
}
