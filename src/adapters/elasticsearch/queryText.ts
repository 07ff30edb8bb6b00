// The words sent to Elasticsearch: the shared rules of domain/search/searchTerms.ts (same
// fixture, same query -> same results on both indexes), shaped for the query builder.
import { searchTerms } from '../../domain/search/searchTerms';

export { MAX_TERMS } from '../../domain/search/searchTerms';

export interface QueryText {
  /** Lowercased, deduplicated words in the order typed, joined by spaces. */
  text: string;
  /** The last word, when it may be a word still being typed. */
  prefix?: string;
}

/** The searchable words of `raw`, or null when it holds none (the query then has no text). */
export function queryText(raw: string | undefined, complete = false): QueryText | null {
  if (raw === undefined) return null;
  const { words, lastIsPrefix } = searchTerms(raw, { complete });
  if (words.length === 0) return null;
  return { text: words.join(' '), ...(lastIsPrefix ? { prefix: words[words.length - 1] } : {}) };
}
