// Public page addresses (/b/{slug}) for the published profiles of an import batch, by the API's
// rule (services/publicPages/publicSlugs.ts: the name and city, numbered when taken) but checked for
// the whole batch at once: a row comes prepared with its slug's base as a guess (preparedRow.ts),
// and here the store says in one call which of the batch's slugs other businesses hold; a profile
// whose slug is taken (by the store or by an earlier row of the batch) looks at the next numbers,
// a widening window of them per call. The store's claim on the slug (a dedupe key) still settles a
// race with a writer outside the import: the batch writer then tries the row again.
import { dedupeKeys } from '../../domain/dedupeKeys';
import { SLUG_KEY_PREFIX, slugBase, slugCandidate, slugHasBase, withCurrentSlug } from '../../domain/publicPage/publicSlug';
import type { BusinessProfile } from '../../domain/profile';
import type { Store } from '../../ports/store';

/** Addresses of one name and city tried at most: a thousand businesses of one name in one city is not a real case (as publicSlugs.ts). */
const MAX_CANDIDATES = 1000;
/** Numbers looked at per call for one profile, at most. */
const MAX_WINDOW = 256;

export function needsAddress(profile: BusinessProfile): boolean {
  return profile.status === 'published' && profile.deletedAt === undefined;
}

/** The profile's first guess at its address: its slug's base, held as a dedupe key like any other. */
export function withGuessedAddress(profile: BusinessProfile): BusinessProfile {
  if (!needsAddress(profile) || profile.publicSlugs?.[0] !== undefined) return profile;
  return { ...profile, publicSlugs: [slugBase(profile)] };
}

interface Search {
  at: number;
  base: string;
  from: number;
  width: number;
}

const range = (from: number, width: number) => Array.from({ length: width }, (_, i) => from + i);

/** The batch's profiles with addresses no other business holds (the same objects where nothing changed). */
export async function settleAddresses(store: Pick<Store, 'profiles'>, profiles: readonly BusinessProfile[]): Promise<BusinessProfile[]> {
  const settled = [...profiles];
  if (profiles.length === 0) return settled;
  const environment = profiles[0].environment;
  const taken = new Map<string, string>();
  const holdersOf = (slugs: string[]) => store.profiles.keyHolders(environment, slugs.map((slug) => `${SLUG_KEY_PREFIX}${slug}`));
  const freeFor = (slug: string, id: string, held: Map<string, string>) =>
    (held.get(`${SLUG_KEY_PREFIX}${slug}`) ?? id) === id && (taken.get(slug) ?? id) === id;

  const current = profiles.map((profile) => (needsAddress(profile) ? profile.publicSlugs?.[0] : undefined));
  const held = await holdersOf(current.filter((slug): slug is string => slug !== undefined));
  let searches: Search[] = [];
  profiles.forEach((profile, at) => {
    if (!needsAddress(profile)) return;
    const base = slugBase(profile);
    const slug = current[at];
    if (slug !== undefined && slugHasBase(slug, base) && freeFor(slug, profile.id, held)) {
      taken.set(slug, profile.id);
      return;
    }
    searches.push({ at, base, from: slug === base ? 2 : 1, width: 1 });
  });
  while (searches.length > 0) {
    const candidates = searches.flatMap((search) => range(search.from, search.width).map((n) => slugCandidate(search.base, n)));
    const holders = await holdersOf(candidates);
    const next: Search[] = [];
    for (const search of searches) {
      const profile = profiles[search.at];
      const found = range(search.from, search.width).map((n) => slugCandidate(search.base, n)).find((slug) => freeFor(slug, profile.id, holders));
      if (found !== undefined) {
        taken.set(found, profile.id);
        // Its older slugs came from its stored profile and stay its own; the current one stays only
        // if the store holds it for this profile (not a guess another business turned out to hold).
        const stored = profile.publicSlugs ?? [];
        const first = stored.at(0);
        const kept = first !== undefined && held.get(`${SLUG_KEY_PREFIX}${first}`) === profile.id ? [...stored] : stored.slice(1);
        const addressed = { ...profile, publicSlugs: withCurrentSlug(kept, found) };
        settled[search.at] = { ...addressed, dedupeKeys: dedupeKeys(addressed) };
      } else if (search.from + search.width <= MAX_CANDIDATES) {
        next.push({ ...search, from: search.from + search.width, width: Math.min(search.width * 4, MAX_WINDOW) });
      }
    }
    searches = next;
  }
  return settled;
}
