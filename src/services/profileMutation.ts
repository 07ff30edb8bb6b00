// The one way a stored profile changes: load it for its owner, apply a change, recompute
// the derived fields, compare-and-swap. Every profile-changing use case goes through here,
// so ownership, ETags, versioning and derived scores cannot drift between endpoints.
import { isDeepStrictEqual } from 'node:util';
import { aiVisibilityScore } from '../domain/aiVisibilityScore';
import { categoryFieldsOf } from '../domain/categories/canonicalCategory';
import { assessCompleteness } from '../domain/completeness';
import { dedupeKeys } from '../domain/dedupeKeys';
import { ifMatchAllows } from '../domain/entityTags';
import { ForbiddenError, PreconditionFailedError, ProfileNotFoundError, ValidationError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import type { BusinessProfile } from '../domain/profile';
import type { Store } from '../ports/store';
import { profileEvents } from './webhooks/webhookEvents';
import { SlugTakenError } from '../domain/publicPage/publicSlug';
import { withPublicSlug } from './publicPages/publicSlugs';

export type Clock = () => Date;

/** The ETag of a profile revision. */
export function etagOf(profile: Pick<BusinessProfile, 'version'>): string {
  return `"v${profile.version}"`;
}

/** A write's answer and the ETag of the profile revision it left, for the ETag header. */
export interface Revised<T> {
  value: T;
  etag: string;
}

/** Recomputes what is derived from the profile's own fields. */
export function withDerivedFields(profile: BusinessProfile, now: Date): BusinessProfile {
  return {
    ...profile,
    ...categoryFieldsOf(profile.category),
    dedupeKeys: dedupeKeys(profile),
    aiVisibilityScore: aiVisibilityScore(profile, now),
  };
}

/**
 * A published listing keeps what publishing required (missingForPublish): a change that would
 * remove any of it is refused, naming the first such field. Gaps a profile already had (published
 * before a rule existed) do not block unrelated edits. Unpublishing in the same request is the way out.
 */
export function assertStillPublishable(current: BusinessProfile, next: BusinessProfile): void {
  if (current.status !== 'published' || next.status !== 'published' || next.deletedAt !== undefined) return;
  const missing = assessCompleteness(next).missingForPublish;
  if (missing.length === 0) return;
  const hadGaps = new Set(assessCompleteness(current).missingForPublish);
  const removed = missing.filter((field) => !hadGaps.has(field));
  if (removed.length === 0) return;
  throw new ValidationError(
    removed[0],
    `is required while the profile is published; this change would leave it missing: ${missing.join(', ')}`,
    `A published profile must keep what publishing requires; this change would leave it missing: ${missing.join(', ')}. ` +
      'Fill them in, or set status to draft in the same request.',
  );
}

export interface ProfileAccess {
  /** Any non-deleted profile of the caller's environment that the caller may read. */
  readable(principal: Principal, id: string): Promise<BusinessProfile>;
  /** The profile if the caller owns it: 404 unknown, 403 someone else's. */
  owned(principal: Principal, id: string): Promise<BusinessProfile>;
  /**
   * Applies `change` to the caller's profile and stores it. Without If-Match a lost race
   * is retried on the fresh revision; with If-Match (a list or "*", RFC 9110) a stale revision
   * is a 412. A change that returns `current` itself stores nothing and keeps the revision.
   */
  mutate(
    principal: Principal | null,
    id: string,
    change: (current: BusinessProfile, now: Date) => BusinessProfile,
    options?: { ifMatch?: string; environment?: Principal['environment'] },
  ): Promise<BusinessProfile>;
}

const MAX_RACE_RETRIES = 3;

export function createProfileAccess({ store, clock }: { store: Store; clock: Clock }): ProfileAccess {
  async function find(environment: Principal['environment'], id: string): Promise<BusinessProfile> {
    const profile = await store.profiles.get(environment, id);
    if (!profile) throw new ProfileNotFoundError(id);
    return profile;
  }

  function isOwner(principal: Principal, profile: BusinessProfile): boolean {
    return profile.ownerId === principal.accountId;
  }

  async function owned(principal: Principal, id: string): Promise<BusinessProfile> {
    const profile = await find(principal.environment, id);
    if (!isOwner(principal, profile)) throw new ForbiddenError('You do not have access to this business profile');
    return profile;
  }

  async function readable(principal: Principal, id: string): Promise<BusinessProfile> {
    const profile = await find(principal.environment, id);
    // A suspended account's listings are gone for everyone else, as if they did not exist.
    if (profile.ownerSuspended && !isOwner(principal, profile) && principal.role !== 'admin') throw new ProfileNotFoundError(id);
    if (profile.status !== 'published' && !isOwner(principal, profile) && principal.role !== 'admin') {
      throw new ForbiddenError('This business profile is not published');
    }
    return profile;
  }

  async function mutate(
    principal: Principal | null,
    id: string,
    change: (current: BusinessProfile, now: Date) => BusinessProfile,
    options: { ifMatch?: string; environment?: Principal['environment'] } = {},
  ): Promise<BusinessProfile> {
    for (let attempt = 0; ; attempt++) {
      // A null principal is a trusted internal caller (admin decisions): no ownership check.
      const current = principal ? await owned(principal, id) : await find(options.environment ?? 'live', id);
      if (options.ifMatch !== undefined && !ifMatchAllows(options.ifMatch, etagOf(current))) {
        throw new PreconditionFailedError(`If-Match does not match the profile's current ETag ${etagOf(current)}: it changed since you read it`);
      }
      const now = clock();
      const changed = change(current, now);
      // A change that changes nothing stores nothing: no new revision (ETag), no updatedAt, no
      // webhook event (docs/webhooks.md), whichever route asked for it.
      if (changed === current || isDeepStrictEqual(changed, current)) return current;
      assertStillPublishable(current, changed);
      const addressed = await withPublicSlug(store, { ...changed, version: current.version + 1, updatedAt: now.toISOString() });
      const next = withDerivedFields(addressed, now);
      try {
        // The webhook events ride on the same write: stored if and only if the change is.
        return await store.profiles.replace(next, current.version, profileEvents(current, next, now));
      } catch (error) {
        // A slug taken meanwhile is ours to pick again, whatever If-Match said about the profile.
        const slugRace = error instanceof SlugTakenError;
        const raced = error instanceof PreconditionFailedError && options.ifMatch === undefined;
        if (!(slugRace || raced) || attempt >= MAX_RACE_RETRIES) throw error;
      }
    }
  }

  return { readable, owned, mutate };
}
