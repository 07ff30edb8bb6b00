// How a category phrase is compared: an owner's label ("Hair Salons", "Coffee & Tea", "home-services"),
// a name or term of the taxonomy, and a run of words from a consumer's sentence all pass through
// here, so "Dentists", "dentist" and "DENTIST" meet. Lower case, accents folded, "&" read as "and",
// possessives and punctuation dropped, and every word in its singular (pluralize, a maintained list
// of English plurals and their exceptions: "taxes" -> "tax", "glass" stays).
import pluralize from 'pluralize';
import { foldAccents } from '../search/foldAccents';

const singularCache = new Map<string, string>();

function singular(word: string): string {
  let one = singularCache.get(word);
  if (one === undefined) {
    // Short words and words with digits are names or codes ("ac", "cpa", "24h"), not plurals.
    one = word.length <= 3 || /\d/.test(word) ? word : pluralize.singular(word);
    singularCache.set(word, one);
  }
  return one;
}

function plainWords(text: string): string[] {
  const plain = foldAccents(text.normalize('NFKC').toLowerCase())
    .replace(/&/g, ' and ')
    .replace(/['\u2019]s\b/g, '')
    .replace(/['\u2019]/g, '');
  return plain.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The words of a phrase as compared, in order: ["hair", "salon"] for "Hair Salons". */
export function phraseWords(text: string): string[] {
  return plainWords(text).map(singular);
}

/**
 * The phrase with a plain "-s" plural taken off each word instead of English's rules, for the
 * other languages' words: "boulangeries" is "boulangerie" (English rules would make it "boulangery").
 */
export function plainSingularPhrase(text: string): string {
  return plainWords(text).map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word)).join(' ');
}

/** The phrase as compared: "Coffee & Tea" -> "coffee and tea", "home-services" -> "home service". */
export function categoryPhrase(text: string): string {
  return phraseWords(text).join(' ');
}
