// An open data set's category for a place -> the profile's category label, chosen so that our
// taxonomy finds its kinds (categoryKeysOf, computed from the label on every write). Nothing here
// lists a data set's categories: the source's own words are matched against the taxonomy's names,
// aliases and terms (Overture's "pizza_restaurant" is "Pizza Restaurant", Foursquare's "Dining and
// Drinking > Restaurant > Pizzeria" ends in "Pizzeria").
//
// The most specific category the taxonomy knows wins, shown as the source wrote it. When none of
// the specific ones is known, a broader one from the source's own hierarchy is added to the label
// ("Allergist, Physician": the label's parts are matched one by one, so the profile gets the
// physician's kind and still says what the source said) - but only a broader category the
// taxonomy names as a whole, never the top of the hierarchy ("Retail", "Dining and Drinking"),
// which names no kind of business.
import { categoryKeysOf, kindsNamedBy } from './canonicalCategory';

/** The longest category label a profile takes (the create schema's bound). */
const MAX_LABEL_LENGTH = 100;

export interface SourceCategories {
  /** The place's own categories, most specific first (primary, then alternates), in the source's words. */
  specific: readonly string[];
  /** Broader categories from the source's hierarchy, nearest first, without its top level. */
  broader: readonly string[];
}

export interface ChosenCategory {
  /** The profile's category label. */
  label: string;
  /** True when the taxonomy finds kinds for the label. */
  mapped: boolean;
}

/** "pizza_restaurant" -> "Pizza Restaurant"; text already in words keeps its case. */
export function categoryWords(code: string): string {
  const words = code.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return words === code.trim() && /[A-Z]/.test(words) ? words : words.replace(/\b\p{Ll}/gu, (letter) => letter.toUpperCase());
}

/** The label for a place's categories; undefined when the source gives none. */
export function chooseCategory({ specific, broader }: SourceCategories): ChosenCategory | undefined {
  const own = [...new Set(specific.map(categoryWords).filter((label) => label !== ''))];
  for (const label of own) if (categoryKeysOf(label).length > 0) return { label, mapped: true };
  const wider = broader.map(categoryWords).find((label) => kindsNamedBy(label).length > 0);
  if (own.length === 0) return wider === undefined ? undefined : { label: wider, mapped: true };
  if (wider === undefined) return { label: own[0], mapped: false };
  const both = `${own[0]}, ${wider}`;
  return { label: both.length <= MAX_LABEL_LENGTH ? both : wider, mapped: true };
}
