// Document frequencies of query words, for matchExpression's common-word rule. Counting a word's
// doclist costs time in proportion to its frequency, so counts live in the connection's cache of
// match counts (totalsCache.ts) until the index changes: the same entries bm25_given's phrase
// counts use (readPage.ts), so a word is counted once per change of the index, not once per rule.
import type { Environment } from '../../../domain/profile';
import { fenceOffTags, mayMatchTagToken } from './filterTags';
import type { GenerationTables } from './indexTables';
import type { CommonWord } from './matchExpression';
import { phraseCountSql } from './searchPlan';
import type { TotalsCache } from './totalsCache';

/** Below this many documents every word is searched: the rule is for scale, not for small indexes. */
export const COMMON_WORD_MIN_DOCUMENTS = 1000;

export interface CommonWords {
  /** Call inside the search's read transaction, like the totals cache. */
  oracle(tables: GenerationTables, environment: Environment): CommonWord;
}

export function createCommonWords(totals: TotalsCache): CommonWords {
  return {
    oracle(tables, environment) {
      const fts = tables.fts[environment];
      return (word, prefix) => {
        const documents = totals.count(`SELECT COUNT(*) FROM ${tables.documents} WHERE environment = ?`, environment);
        if (documents < COMMON_WORD_MIN_DOCUMENTS) return false;
        const phrase = prefix ? `"${word}"*` : `"${word}"`;
        const frequency = totals.count(phraseCountSql(fts), mayMatchTagToken(word) ? fenceOffTags(phrase) : phrase);
        return frequency * 2 > documents;
      };
    },
  };
}
