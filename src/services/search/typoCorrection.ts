// Typo correction against the index: a word is corrected only when query understanding knows a
// word one or two edits away (domain/search/spelling.ts) and no searchable business of the
// caller's environment contains the word itself ("vegan" is no typo of "vegas").
import type { Environment } from '../../domain/profile';
import { correctSpelling, spellingSuggestions, type SpellingCorrection } from '../../domain/search/spelling';
import type { SearchIndex } from '../../ports/searchIndex';

async function indexHolds(index: SearchIndex, environment: Environment, word: string): Promise<boolean> {
  const query = { environment, text: word, textComplete: true, sort: 'name', order: 'asc', limit: 1, offset: 0 } as const;
  return (await index.search(query)).total > 0;
}

/** The text with the typos corrected that no searchable business contains ("piza"), if it has any. */
export async function typoCorrection(index: SearchIndex, environment: Environment, text: string): Promise<SpellingCorrection | undefined> {
  const suggestions = spellingSuggestions(text);
  if (suggestions.length === 0) return undefined;
  const held = await Promise.all(suggestions.map((s) => indexHolds(index, environment, s.word)));
  return correctSpelling(text, suggestions.filter((_, i) => !held[i]));
}
