// Query-time category synonyms for the embedded index: words a consumer types ("pizza",
// "dentists", "water heater") also match businesses whose category they imply ("restaurants",
// "dental", "plumbing"). The table is the domain's (domain/search/categorySynonyms.ts), the one
// the Elasticsearch synonym rules are generated from, so both indexes expand the same words.
import { MAX_SYNONYM_WORDS, matchSynonym } from '../../../domain/search/categorySynonyms';

/**
 * Categories implied by any word or run of consecutive words (up to the longest listed phrase),
 * in the order they appear, without repeats. Plurals are folded by the domain lookup.
 */
export function impliedCategories(words: readonly string[]): string[] {
  const categories: string[] = [];
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= MAX_SYNONYM_WORDS && start + length <= words.length; length++) {
      const category = matchSynonym(words.slice(start, start + length).join(' '))?.category;
      if (category !== undefined && !categories.includes(category)) categories.push(category);
    }
  }
  return categories;
}
