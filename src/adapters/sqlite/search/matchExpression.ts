// Builds the FTS5 MATCH expression for a user's text. Every word is a double-quoted FTS5 string
// (textTerms leaves only letters and digits, so a word can never close its quotes), the words are
// OR-ed so any one of them is enough, and bm25 ranks documents matching more of them higher.
import { categoriesImpliedBy } from './synonyms';
import { textTerms } from './textTerms';

/** The MATCH expression for `text`, or null when it holds nothing searchable (treat as no text). */
export function matchExpression(text: string): string | null {
  const { words, lastIsPrefix } = textTerms(text);
  if (words.length === 0) return null;
  const clauses: string[] = [];
  const add = (clause: string): void => {
    if (!clauses.includes(clause)) clauses.push(clause);
  };
  words.forEach((word, index) => {
    // FTS5 stems a prefix query's word too, so "bakery"* finds "bakeries" and "plumb"* finds "plumber".
    const prefix = lastIsPrefix && index === words.length - 1;
    add(prefix ? `"${word}"*` : `"${word}"`);
    // A synonym only counts against the category column: "pizza" must not match every
    // description that mentions restaurants.
    for (const category of categoriesImpliedBy(word)) add(`category : "${category}"`);
  });
  return clauses.join(' OR ');
}
