// Whether a search result is what the sentence asked for, as `matchesQuery` says per
// result and the summary says first when none is. The index matches any word of the search text,
// plus every business of the kinds the words imply: "tooth" also finds every dentist, "breakfast"
// every restaurant. So, when the words imply or name a kind:
//   - a result of one of those kinds (its taxonomy keys, broader kinds included) matches;
//   - so does one whose profile mentions a word asked for (leftover words, search terms, kind
//     words): the bakery whose menu lists breakfast;
//   - without any kind, every result matches: the index found each by one of the words.
// Mentions are read with createTermMatcher (whole words, plurals and accents tolerated), from the
// profile text the index searched.
import { kindMentions, namedKindFilter } from './categoryWords';
import { foldAccents } from './foldAccents';
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
  if (intent.categories.length === 0) return () => true;
  // The kinds the sentence named take their related kinds, as the filter did ("coffee shop" a cafe).
  const kinds = new Set([...intent.categories, ...namedKindFilter(intent.namedCategories ?? [])]);
  const words = [...askedThings(intent), ...(intent.categoryWords ?? [])];
  const mentions = words.length > 0 ? accentBlindMatcher(words) : () => false;
  // A candidate of the kinds asked for needs no document read; only the others do.
  return (result) => result.fields.categoryKeys.some((key) => kinds.has(key)) || mentions(result.document);
}

/**
 * When the named kinds filtered everything away and the search was widened (kindFallback.ts): a
 * result matches when its profile mentions one of the kinds' names or terms as a whole phrase, or
 * a word the sentence asked for. One word of a kind's phrase ("cream" of "ice cream shop") is not.
 */
export function createWidenedMatcher(intent: SearchIntent): QueryMatcher {
  const mentions = accentBlindMatcher([...askedThings(intent), ...kindMentions(intent.namedCategories ?? [])]);
  // Not its label: none is filed as the kind, and a label naming another kind ("Car Repair Shop") says nothing of this one.
  return (result) => mentions({ ...result.document, category: '' });
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
