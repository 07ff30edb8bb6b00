// Identity keys for DUPLICATE_PROFILE: the same business is the same normalised name
// at the same postal code in the same country, or the same phone number. Stored on the profile
// (`dedupeKeys`) and kept unique per environment by the store, so the check is one indexed
// lookup instead of a fuzzy scan.

import { locationOf, type BusinessProfile } from './profile';
import { normalizePhone } from './phone';
import { withoutZipPlus4 } from './postalCode';
import { ConflictError } from './errors';
import { SLUG_KEY_PREFIX, SlugTakenError, slugKeys } from './publicPage/publicSlug';

/** Trailing words that name a legal form, not the business ("Joe's Pizza LLC" = "Joe's Pizza"). */
const LEGAL_SUFFIXES = new Set([
  'llc', 'inc', 'incorporated', 'ltd', 'limited', 'corp', 'corporation', 'co', 'company', 'plc',
  'llp', 'lp', 'pllc', 'pc', 'gmbh', 'ag', 'kg', 'ug', 'sarl', 'sa', 'sas', 'srl', 'spa', 'bv', 'nv',
  'oy', 'ab', 'as', 'pty', 'pvt',
]);

/** Lower-case, accents folded, punctuation and legal suffixes and a leading "the" removed. */
export function normalizeBusinessName(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // Dots and apostrophes join ("l.l.c." -> "llc", "joe's" -> "joes"); other punctuation splits.
    .replace(/[.'\u2019`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const words = folded.split(' ').filter(Boolean);
  const all = [...words];
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1])) words.pop();
  if (words.length > 1 && words[0] === 'the') words.shift();
  // A name made only of stop words ("The Co") keeps them rather than collapsing to nothing.
  return (words.length > 0 ? words : all).join(' ');
}

/** The US and its territories use ZIP codes; elsewhere a hyphen in a postal code may matter. */
const US_ZIP_COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP', 'UM']);

/**
 * The postal code as the name key compares it: upper case without spaces, and a US ZIP+4 as its
 * five-digit ZIP ("78704-1234" is the same place as "78704", as in search's postal filter).
 */
export function postalIdentity(postalCode: string, country: string): string {
  const compact = postalCode.replace(/\s+/g, '').toUpperCase();
  return US_ZIP_COUNTRIES.has(country) ? withoutZipPlus4(compact) : compact;
}

export function dedupeKeys(profile: Pick<BusinessProfile, 'name' | 'location' | 'contact' | 'publicSlugs'>): string[] {
  const keys: string[] = [];
  const address = locationOf(profile).address;
  const name = normalizeBusinessName(profile.name);
  const country = (address?.country ?? '').trim().toUpperCase();
  const postal = postalIdentity(address?.postalCode ?? '', country);
  if (name && postal && country) keys.push(`np:${name}|${postal}|${country}`);
  const phone = profile.contact.phone ? normalizePhone(profile.contact.phone, country || undefined) : null;
  if (phone) keys.push(`ph:${phone}`);
  // A public page's slugs are held the same way: one business per address (publicPage/publicSlug.ts).
  keys.push(...slugKeys(profile));
  return keys;
}

/** The DUPLICATE_PROFILE error for a taken key, naming the field a caller can act on. */
export function duplicateProfileError(key: string): ConflictError {
  if (key.startsWith(SLUG_KEY_PREFIX)) return new SlugTakenError(key.slice(SLUG_KEY_PREFIX.length));
  const byPhone = key.startsWith('ph:');
  return new ConflictError(
    'DUPLICATE_PROFILE',
    byPhone ? 'A business with this phone number already has a profile' : 'A business with this name, postal code and country already has a profile',
    byPhone
      ? { field: 'contact.phone', issue: 'is already used by another business profile' }
      : { field: 'name', issue: 'a profile with the same name, postal code and country already exists' },
  );
}
