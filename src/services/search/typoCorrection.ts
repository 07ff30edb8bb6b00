// Typo correction against the index: a word is corrected only when query understanding knows a
// word one or two edits away (domain/search/spelling.ts) and no searchable business of the
// caller's environment contains the word itself ("vegan" is no typo of "vegas"): one lookup of the
// index's terms for all the words (SearchIndex.heldWords), not a search per word.
import type { Environment } from '../../domain/profile';
import { correctSpelling, spellingSuggestions, type SpellingCorrection } from '../../domain/search/spelling';
import type { SearchIndex } from '../../ports/searchIndex';

/**
 * Whether a searchable business holds the word: the total of a page of none. No page to find or
 * sort, only a count, which the embedded index keeps until it changes ("vegan" in 30 000
 * businesses: reading them sorted by name was most of a "vegan lunch" search at a million).
 */
async function indexHolds(index: SearchIndex, environment: Environment, word: string): Promise<boolean> {
  const query = { environment, text: word, textComplete: true, sort: 'name', order: 'asc', limit: 0, offset: 0 } as const;
  return (await index.search(query)).total > 0;
}

async function heldBySearch(index: SearchIndex, environment: Environment, words: string[]): Promise<ReadonlySet<string>> {
  const held = await Promise.all(words.map((word) => indexHolds(index, environment, word)));
  return new Set(words.filter((_, i) => held[i]));
}

/** The text with the typos corrected that no searchable business contains ("piza"), if it has any. */
export async function typoCorrection(index: SearchIndex, environment: Environment, text: string): Promise<SpellingCorrection | undefined> {
  const suggestions = spellingSuggestions(text);
  if (suggestions.length === 0) return undefined;
  // One lookup against the index's terms where the adapter offers it, else a search per word.
  const words = suggestions.map((s) => s.word);
  const held = index.heldWords ? await index.heldWords(environment, words) : await heldBySearch(index, environment, words);
  return correctSpelling(text, suggestions.filter((s) => !held.has(s.word)));
}
