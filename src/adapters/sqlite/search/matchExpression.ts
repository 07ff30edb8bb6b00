// Builds the FTS5 MATCH expression for a user's text. Every word is a double-quoted FTS5 string
// (searchTerms leaves only letters and digits, so a word can never close its quotes), the words are
// OR-ed so any one of them is enough, and bm25 ranks documents matching more of them higher.
import { mayMatchTagToken } from './filterTags';
import { searchTerms } from '../../../domain/search/searchTerms';

/** Whether a word (or, for the last one, a prefix) is in more than half of the documents. */
export type CommonWord = (word: string, prefix: boolean) => boolean;

export interface TextMatch {
  /** FTS5 query syntax over every column. */
  expression: string;
  /** A word could match a tag token (filterTags.ts): search the text columns only (`- {tags} :`). */
  fenced: boolean;
  /** Each phrase of `expression` on its own, column filter included, in the expression's order (FTS5's phrase numbers). */
  phrases: string[];
  /** The same phrases as data, same order: the words, the column they are searched in, a prefix or not. */
  terms: PhraseTerm[];
}

export interface PhraseTerm {
  /** One word, or a category's words (a phrase: in that order, next to each other). */
  text: string;
  column: 'any' | 'category';
  prefix: boolean;
}

/**
 * The MATCH expression for `text`, or null when it holds nothing searchable (treat as no text).
 * Words in more than half of the documents are dropped when a rarer word was asked for: bm25's
 * idf is already ~0 for them (FTS5 clamps it), so they change no ranking, and OR-ing them would
 * make nearly every document a match that has to be scored ("best tacos" on 100 000 businesses).
 */
export function matchExpression(
  text: string,
  isCommon: CommonWord = () => false,
  complete = false,
  categoryPhrases: readonly string[] = [],
): TextMatch | null {
  const { words, lastIsPrefix } = searchTerms(text, { complete });
  const terms = words.map((word, index) => ({ word, prefix: lastIsPrefix && index === words.length - 1 }));
  const rare = terms.filter(({ word, prefix }) => !isCommon(word, prefix));
  const kept = rare.length > 0 ? rare : terms;
  // FTS5 stems a prefix query's word too, so "bakery"* finds "bakeries" and "plumb"* finds "plumber".
  const clauses = kept.map(({ word, prefix }) => (prefix ? `"${word}"*` : `"${word}"`));
  const phraseTerms: PhraseTerm[] = kept.map(({ word, prefix }) => ({ text: word, column: 'any', prefix }));
  // A kind the words imply only counts against the category column (the label and the kinds'
  // names): "pizza" must not match every description that mentions restaurants. A one-word kind
  // already searched as a whole word (in every column, category included) adds no match, only one
  // more phrase to check on every match and to count for its idf.
  const searched = new Set(kept.filter(({ prefix }) => !prefix).map(({ word }) => word));
  for (const phrase of categoryPhrases) {
    const phraseWords = searchTerms(phrase, { complete: true }).words;
    if (phraseWords.length === 0 || (phraseWords.length === 1 && searched.has(phraseWords[0]))) continue;
    clauses.push(`category : "${phraseWords.join(' ')}"`);
    phraseTerms.push({ text: phraseWords.join(' '), column: 'category', prefix: false });
  }
  if (clauses.length === 0) return null;
  return { expression: clauses.join(' OR '), fenced: kept.some(({ word }) => mayMatchTagToken(word)), phrases: clauses, terms: phraseTerms };
}
