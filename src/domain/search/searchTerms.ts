// Turns free user text into the plain words both search indexes look for, so the same query
// means the same thing on SQLite and Elasticsearch. Only letters and digits survive: nothing a
// user types can reach an engine's query syntax (FTS5's quotes, *, ^, NEAR, AND/OR/NOT; Lucene's
// operators); the engines then stem, fold accents and expand category synonyms.

/**
 * Lucene's English stop words: the list Elasticsearch's `english` analyzer drops, so both
 * indexes ignore the same words and "pizza in austin" does not match every "in".
 */
const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not',
  'of', 'on', 'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was',
  'will', 'with',
]);

/** Bounds the cost of one query: more words than this add noise, not precision. */
export const MAX_TERMS = 16;

export interface SearchTerms {
  /** Lowercased, deduplicated words in the order typed. */
  words: string[];
  /** Whether the last word may be a word still being typed (it gets prefix matching). */
  lastIsPrefix: boolean;
}

// Shorter prefixes expand to most of the vocabulary: slow, and they match nearly everything.
const MIN_PREFIX_LENGTH = 3;

/**
 * `complete`: the text is finished words (a sentence or a query built from one), not a box being
 * typed into, so the last word matches whole: a prefix costs a range of the vocabulary per query.
 */
export function searchTerms(text: string, options: { complete?: boolean } = {}): SearchTerms {
  const tokens = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const words: string[] = [];
  for (const token of tokens) {
    // A lone letter is almost always the tail of a possessive ("joe's") or an initial: noise.
    if (token.length === 1 && !/\p{N}/u.test(token)) continue;
    if (STOP_WORDS.has(token) || words.includes(token)) continue;
    words.push(token);
    if (words.length === MAX_TERMS) break;
  }
  const last = words.at(-1);
  return { words, lastIsPrefix: !options.complete && last !== undefined && last.length >= MIN_PREFIX_LENGTH };
}
