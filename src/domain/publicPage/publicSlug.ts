// The address of a business's public page, /b/{slug}: its name and city in lower-case words joined
// by hyphens ("green-leaf-kitchen-austin"), "-2", "-3"... when another business holds those words.
// A profile keeps every slug it had (current first) so an old link still finds it (301 to the
// current one). Slugs are unique per environment: the store holds each as an `sl:` dedupe key,
// so the same claim that refuses a duplicate profile refuses a slug taken by another business.
import { ConflictError } from '../errors';
import { locationOf, type BusinessProfile } from '../profile';

export const SLUG_KEY_PREFIX = 'sl:';
/** Older slugs kept per profile: enough for every rename a real business goes through. */
export const MAX_KEPT_SLUGS = 20;
const MAX_SLUG_LENGTH = 80;

/** Lower-case letters and digits of any script, accents folded, everything else one hyphen. */
export function slugWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['\u2019]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** "Green Leaf Kitchen" in Austin -> green-leaf-kitchen-austin; the city is left out when the name ends with it. */
export function slugBase(profile: Pick<BusinessProfile, 'name' | 'location'>): string {
  const name = slugWords(profile.name);
  const city = slugWords(locationOf(profile).address?.city ?? '');
  const joined = city === '' || name === city || name.endsWith(`-${city}`) ? name : `${name}-${city}`;
  const cut = joined.slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
  return cut === '' ? 'business' : cut;
}

/** The n-th candidate for a base: the base itself, then base-2, base-3, ... */
export function slugCandidate(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}

/** True when `slug` is `base` or one of its numbered candidates. */
export function slugHasBase(slug: string, base: string): boolean {
  return slug === base || (slug.startsWith(`${base}-`) && /^[2-9]\d*$|^[1-9]\d+$/.test(slug.slice(base.length + 1)));
}

/** The dedupe keys that hold a profile's slugs. */
export function slugKeys(profile: Pick<BusinessProfile, 'publicSlugs'>): string[] {
  return (profile.publicSlugs ?? []).map((slug) => `${SLUG_KEY_PREFIX}${slug}`);
}

/** The current slug first, then the older ones (most recent first), at most MAX_KEPT_SLUGS. */
export function withCurrentSlug(slugs: readonly string[] | undefined, current: string): string[] {
  return [current, ...(slugs ?? []).filter((slug) => slug !== current)].slice(0, MAX_KEPT_SLUGS);
}

/** Another business took the slug between the check and the write: pick again. */
export class SlugTakenError extends ConflictError {
  constructor(readonly slug: string) {
    super('CONFLICT', 'Another business took the same public page address at the same moment; retry the request');
  }
}
