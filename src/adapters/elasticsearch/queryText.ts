// Turns free user text into the plain words sent to Elasticsearch. Only letters and digits
// survive, so query syntax in user text is ordinary words; the mapping's analysers then stem,
// fold accents and expand category synonyms. The rules match the embedded index's (same fixture,
// same query -> same results): Lucene's English stop words and lone letters dropped here (so text
// made only of them is no text at all), at most 16 words, and the last word doubles as a prefix
// once it has three characters.

/** Lucene's English stop words, the `_english_` list of the mapping's stop filter. */
const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not',
  'of', 'on', 'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was',
  'will', 'with',
]);

export const MAX_TERMS = 16;
const MIN_PREFIX_LENGTH = 3;

export interface QueryText {
  /** Lowercased, deduplicated words in the order typed, joined by spaces. */
  text: string;
  /** The last word, when it may be a word still being typed. */
  prefix?: string;
}

/** The searchable words of `raw`, or null when it holds none (the query then has no text). */
export function queryText(raw: string | undefined): QueryText | null {
  if (raw === undefined) return null;
  const tokens = raw.normalize('NFKC').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const words: string[] = [];
  for (const token of tokens) {
    // A lone letter is almost always the tail of a possessive ("joe's") or an initial: noise.
    if (token.length === 1 && !/\p{N}/u.test(token)) continue;
    if (STOP_WORDS.has(token) || words.includes(token)) continue;
    words.push(token);
    if (words.length === MAX_TERMS) break;
  }
  if (words.length === 0) return null;
  const last = words[words.length - 1];
  return { text: words.join(' '), ...(last.length >= MIN_PREFIX_LENGTH ? { prefix: last } : {}) };
}
