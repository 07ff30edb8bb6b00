// Gives a published profile its public page address when it has none for its current name and
// city (first publication, a rename, a move): the first free candidate of its slug base. The
// check and the write are separate, so two businesses racing for one slug are settled by the
// store's claim (SlugTakenError), and the loser picks again (profileMutation.ts).
import { slugBase, slugCandidate, slugHasBase, withCurrentSlug } from '../../domain/publicPage/publicSlug';
import type { BusinessProfile } from '../../domain/profile';
import { UnavailableError } from '../../domain/errors';
import type { Store } from '../../ports/store';

/** Candidates tried before giving up: a thousand businesses of one name in one city is not a real case. */
const MAX_CANDIDATES = 1000;

export async function withPublicSlug(store: Pick<Store, 'profiles'>, next: BusinessProfile): Promise<BusinessProfile> {
  if (next.status !== 'published' || next.deletedAt !== undefined) return next;
  const base = slugBase(next);
  const current = next.publicSlugs?.[0];
  if (current !== undefined && slugHasBase(current, base)) return next;
  for (let n = 1; n <= MAX_CANDIDATES; n++) {
    const candidate = slugCandidate(base, n);
    const holder = await store.profiles.findBySlug(next.environment, candidate);
    // Its own older slug is free for it: a rename back takes the old address again.
    if (holder === null || holder.id === next.id) return { ...next, publicSlugs: withCurrentSlug(next.publicSlugs, candidate) };
  }
  throw new UnavailableError(`No free public page address for ${base}`);
}
