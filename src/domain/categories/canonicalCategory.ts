// An owner's free-text category -> the taxonomy keys it means ("Dentists", "dental clinic" ->
// amenity/dentist; "Bakery & Cafe" -> shop/bakery, amenity/cafe). Computed when a profile is
// written and kept beside the owner's label, which stays what is shown. A label the taxonomy does
// not know ("home-services") gets no key: it stays searchable by its words, and the profile status
// recommends a standard category.
import { boundedMemo } from '../boundedMemo';
import { categoryPhrase, phraseWords } from './categoryPhrase';
import { categoryTaxonomy, kindName, taxonomyVersion, withBroaderKinds } from './taxonomy';

/** Where a label names several things: "Bakery & Cafe", "Plumbing, Heating / Cooling". */
const SEPARATORS = /\s*(?:[,/|+;&]|\band\b)\s*/i;

/** Among kinds sharing a name, the ones the editor offers (craft/locksmith yields to shop/locksmith). */
function preferred(keys: readonly string[]): string[] {
  const { kinds } = categoryTaxonomy();
  const searchable = keys.filter((key) => kinds.get(key)?.searchable);
  return searchable.length > 0 ? searchable : [...keys];
}

function asWhole(phrase: string): string[] {
  const { names, labels, terms } = categoryTaxonomy();
  const named = names.get(phrase) ?? labels.get(phrase);
  if (named) return preferred(named);
  // A label that is one kind's search term and no other's ("plumbing", "teeth") means that kind.
  const termed = terms.get(phrase);
  return termed && preferred(termed).length === 1 ? preferred(termed) : [];
}

/** The longest run of words inside the label that names a kind, the last of equal length ("Joe's Pizza Restaurant"). */
function namedInside(words: readonly string[]): string[] {
  const { names, maxPhraseWords } = categoryTaxonomy();
  for (let length = Math.min(maxPhraseWords, words.length - 1); length >= 1; length--) {
    for (let start = words.length - length; start >= 0; start--) {
      const keys = names.get(words.slice(start, start + length).join(' '));
      if (keys) return preferred(keys);
    }
  }
  return [];
}

function keysOfPart(part: string): string[] {
  const phrase = categoryPhrase(part);
  if (phrase === '') return [];
  const whole = asWhole(phrase);
  return whole.length > 0 ? whole : namedInside(phrase.split(' '));
}

/** The label's taxonomy keys, most specific kinds as matched (no broader kinds added); [] when unknown. */
export function categoryKeysOf(label: string): string[] {
  // Every write asks, and labels repeat (a bulk import asks the same few thousand a million times).
  return [...rememberedKeys(label)];
}

const rememberedKeys = boundedMemo(10_000, keysOfLabel);

function keysOfLabel(label: string): string[] {
  const whole = keysOfPart(label);
  if (whole.length > 0 && asWhole(categoryPhrase(label)).length > 0) return whole;
  const parts = label.split(SEPARATORS).filter((part) => phraseWords(part).length > 0);
  if (parts.length < 2) return whole;
  const keys = [...new Set(parts.flatMap(keysOfPart))];
  return keys.length > 0 ? keys : whole;
}

/**
 * The kinds a label names as a whole ("Physician", "Clothing Store"), without looking for a kind's
 * name among its words as categoryKeysOf does: a broad source category ("Sports and Recreation
 * Venue") is better left unmapped than mapped to the kind one of its words names.
 */
export function kindsNamedBy(label: string): string[] {
  const phrase = categoryPhrase(label);
  return phrase === '' ? [] : asWhole(phrase);
}

/** A profile's category fields as stored beside its label: the keys and the taxonomy version they come from. */
export function categoryFieldsOf(label: string): { categoryKeys: string[]; categoryTaxonomy: string } {
  return { categoryKeys: categoryKeysOf(label), categoryTaxonomy: taxonomyVersion() };
}

/**
 * What a search index carries for a category: the keys with their broader kinds (a filter on
 * amenity/restaurant takes a pizza restaurant) and those kinds' English names, searched as category
 * text beside the owner's label (a business filed as "coffee" is found by "cafe").
 */
export function indexedCategory(keys: readonly string[]): { categoryKeys: string[]; categoryNames: string[] } {
  const categoryKeys = withBroaderKinds(keys);
  return { categoryKeys, categoryNames: [...new Set(categoryKeys.map(kindName))] };
}
