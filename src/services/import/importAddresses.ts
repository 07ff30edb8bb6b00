// Public page addresses (/b/{slug}) for the published profiles of an import batch, as the API's
// writes give them (services/publicPages/publicSlugs.ts) but without a store lookup per row: a
// profile keeps a slug that still fits its name and city; a new one takes the first candidate of
// its base that no earlier profile of this batch took, and the store's claim on the slug (a dedupe
// key) settles a clash with a business outside the batch. A row that lost such a clash looks its
// slug up the API's way (withPublicSlug) when the batch writer tries it again.
import { dedupeKeys } from '../../domain/dedupeKeys';
import { slugBase, slugCandidate, slugHasBase, withCurrentSlug } from '../../domain/publicPage/publicSlug';
import type { BusinessProfile } from '../../domain/profile';
import type { Store } from '../../ports/store';
import { withPublicSlug } from '../publicPages/publicSlugs';

function needsAddress(profile: BusinessProfile): boolean {
  return profile.status === 'published' && profile.deletedAt === undefined;
}

function addressed(profile: BusinessProfile, slug: string): BusinessProfile {
  const next = { ...profile, publicSlugs: withCurrentSlug(profile.publicSlugs, slug) };
  // The slug is held as a dedupe key: the keys are computed again with it.
  return { ...next, dedupeKeys: dedupeKeys(next) };
}

export function createBatchAddresses(store: Pick<Store, 'profiles'>) {
  /** Slug -> the profile of this batch that took it. */
  const taken = new Map<string, string>();
  return {
    /** The profile with its address, guessed from what this batch took; the store's claim checks the guess. */
    guessed(profile: BusinessProfile): BusinessProfile {
      if (!needsAddress(profile)) return profile;
      const base = slugBase(profile);
      const current = profile.publicSlugs?.[0];
      if (current !== undefined && slugHasBase(current, base)) return profile;
      for (let n = 1; ; n++) {
        const candidate = slugCandidate(base, n);
        const holder = taken.get(candidate);
        if (holder === undefined || holder === profile.id) {
          taken.set(candidate, profile.id);
          return addressed(profile, candidate);
        }
      }
    },
    /** The profile with an address looked up in the store, after its guess was taken. */
    async lookedUp(profile: BusinessProfile): Promise<BusinessProfile> {
      const next = await withPublicSlug(store, profile);
      const slug = next.publicSlugs?.[0];
      if (slug !== undefined) taken.set(slug, profile.id);
      return next === profile ? profile : { ...next, dedupeKeys: dedupeKeys(next) };
    },
  };
}
