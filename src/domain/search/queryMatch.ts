// Whether a search result is what the sentence asked for (issue 24), as `matchesQuery` says per
// result and the summary says first when none is. The index matches any word of the search text,
// and that text holds the categories the words imply: "ramen near Austin" also finds every
// restaurant, most of which have nothing to do with ramen. So:
//   - the sentence names specific things (terms and services: "ramen", "vegan", "oil change"):
//     a result matches when its profile mentions at least one of them;
//   - it only names a kind of place ("breakfast", "dentist"): a result matches when it is listed
//     under that kind or its profile mentions the word;
//   - it names neither ("open now near me"): every result matches; the filters did the work.
// Mentions are read with createTermMatcher (whole words, plurals and accents tolerated), from the
// profile text the index searched.
import { foldAccents } from './foldAccents';
import { canonicalCategory, matchSynonym } from './categorySynonyms';
import type { SearchIntent } from './intent';
import type { RankedResult } from './ranking';
import { createTermMatcher } from './termMatch';

/** Decides one candidate; reads its document only where its category does not decide. */
export type QueryMatcher = (result: Pick<RankedResult, 'fields' | 'document'>) => boolean;

/** The specific things the sentence asked for, as typed: what an unmatched summary names. */
export function askedThings(intent: SearchIntent): string[] {
  return [...intent.terms, ...intent.serviceTerms];
}

export function createQueryMatcher(intent: SearchIntent): QueryMatcher {
  const things = askedThings(intent);
  const kinds = intent.categoryWords ?? [];
  const widened = intent.categories.length > 0 || kinds.length > 0 || things.some((thing) => matchSynonym(thing) !== undefined);
  // Without a category to widen it, the index found every result by one of these words (with its
  // own stemming, which the check below would only approximate): no document needs reading.
  if (!widened) return () => true;
  if (things.length > 0) {
    const mentions = accentBlindMatcher(things);
    return (result) => mentions(result.document);
  }
  const categories = new Set(intent.categories);
  const mentions = accentBlindMatcher(kinds);
  const listed = (categoryKey: string): boolean => categories.has(canonicalCategory(categoryKey) ?? categoryKey);
  // A result listed under the kind asked for needs no text read; only the others do.
  return (result) => listed(result.fields.categoryKey) || (kinds.length > 0 && mentions(result.document));
}

/** "cafe" finds "Café" and "café" finds "Cafe", as both indexes fold accents. */
function accentBlindMatcher(words: string[]) {
  const matcher = createTermMatcher(words.map(foldAccents));
  return (document: RankedResult['document']): boolean =>
    matcher({
      ...document,
      name: foldAccents(document.name),
      category: foldAccents(document.category),
      tagline: foldAccents(document.tagline),
      description: foldAccents(document.description),
      servicesText: foldAccents(document.servicesText),
      exclusiveText: foldAccents(document.exclusiveText),
    }).length > 0;
}
