// Document frequencies of query words, for matchExpression's common-word rule. Counting a word's
// doclist costs time in proportion to its frequency, so counts are cached for a few minutes per
// generation and environment: frequencies drift slowly, and a stale answer only decides whether
// a near-zero-idf word is OR-ed in or left out.
import type { Environment } from '../../../domain/profile';
import { fenceOffTags, mayMatchTagToken } from './filterTags';
import type { GenerationTables } from './indexTables';
import type { CommonWord } from './matchExpression';
import type { StatementCache } from './statementCache';

/** Below this many documents every word is searched: the rule is for scale, not for small indexes. */
export const COMMON_WORD_MIN_DOCUMENTS = 1000;
const TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 10_000;

export interface CommonWords {
  oracle(tables: GenerationTables, environment: Environment): CommonWord;
}

export function createCommonWords(statements: StatementCache, now: () => number = Date.now): CommonWords {
  const cache = new Map<string, { value: number; expires: number }>();
  const cached = (key: string, load: () => number): number => {
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.value;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    const value = load();
    cache.set(key, { value, expires: now() + TTL_MS });
    return value;
  };
  return {
    oracle(tables, environment) {
      const scope = `${tables.generation}:${environment}`;
      const fts = tables.fts[environment];
      return (word, prefix) => {
        const documents = cached(`${scope}#`, () =>
          statements.get(`SELECT COUNT(*) FROM ${tables.documents} WHERE environment = ?`).pluck().get(environment) as number,
        );
        if (documents < COMMON_WORD_MIN_DOCUMENTS) return false;
        const phrase = prefix ? `"${word}"*` : `"${word}"`;
        const frequency = cached(`${scope}:${phrase}`, () =>
          statements.get(`SELECT COUNT(*) FROM ${fts} WHERE ${fts} MATCH ?`).pluck().get(mayMatchTagToken(word) ? fenceOffTags(phrase) : phrase) as number,
        );
        return frequency * 2 > documents;
      };
    },
  };
}
