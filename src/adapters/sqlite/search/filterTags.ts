// Equality filters written as FTS tokens in a `tags` column, so combined filters ("dental in
// Texas, verified") intersect doclists inside FTS5 instead of reading a row per candidate.
// Each value is spelled as the decimal bytes of its normalised UTF-8 form: one unicode61 token
// that the porter stemmer leaves alone, and distinct values never share a token, so a tag match
// is as exact as the SQL comparison it replaces.
import { normalizeKeyword, type SearchDocument, type SearchQuery, stateKeywords } from '../../../ports/searchIndex';
import { documentCellTokens } from './geoCells';

export type TagKind = 'category' | 'kind' | 'city' | 'state' | 'country' | 'verification';

/** `kind`: a taxonomy key of the category (SearchDocument.categoryKeys), one tag per key. */
const KIND_LETTER: Record<TagKind, string> = { category: 'k', kind: 't', city: 'c', state: 's', country: 'n', verification: 'v' };

/** The letters after `x` that open a tag token: the filter kinds and `g` for grid cells (geoCells.ts). */
const TAG_LETTERS = new Set([...Object.values(KIND_LETTER), 'g']);

/**
 * Whether a searched word could be a tag token, or (searched as a prefix) begin one. Only then
 * must the text be fenced off the tags column: the fence makes FTS5 read every position list
 * to check columns, about a quarter of a text query's cost.
 */
export function mayMatchTagToken(word: string): boolean {
  // Compared as the tokenizer will see it: unicode61 drops diacritics, so "xǵ" searches "xg".
  const folded = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return folded.startsWith('x') && (folded.length === 1 || TAG_LETTERS.has(folded[1]));
}

/** `expression` searched in every column but tags (FTS5 column filter syntax). */
export function fenceOffTags(expression: string): string {
  return `- {tags} : (${expression})`;
}

export function tagToken(kind: TagKind, value: string): string {
  const bytes = Buffer.from(normalizeKeyword(value), 'utf8');
  let digits = '';
  for (const byte of bytes) digits += byte.toString().padStart(3, '0');
  return `x${KIND_LETTER[kind]}${digits}`;
}

/** The tags column of a document: its filter values and its grid cells. */
export function documentTags(doc: SearchDocument): string {
  const tags = [
    tagToken('category', doc.category),
    ...(doc.categoryKeys ?? []).map((key) => tagToken('kind', key)),
    tagToken('city', doc.address.city),
    tagToken('state', doc.address.state),
    tagToken('country', doc.address.country),
    tagToken('verification', doc.verificationLevel),
    ...(doc.coordinates ? documentCellTokens(doc.coordinates) : []),
  ];
  return tags.join(' ');
}

/** The kind filter's tags, any of them: `"xt..." OR "xt..."`. */
export function kindTagClause(keys: readonly string[]): string {
  return [...new Set(keys.map((key) => `"${tagToken('kind', key)}"`))].join(' OR ');
}

/** One FTS clause per equality filter of the query (any-of lists become ORs), in a fixed order. */
export function queryTagClauses(query: SearchQuery): string[] {
  const clauses: string[] = [];
  const anyOf = (kind: TagKind, values: readonly string[]): void => {
    const tokens = [...new Set(values.map((value) => `"${tagToken(kind, value)}"`))];
    if (tokens.length > 0) clauses.push(tokens.length === 1 ? tokens[0] : `(${tokens.join(' OR ')})`);
  };
  anyOf('category', query.categories ?? []);
  if (query.categoryKeys?.length) clauses.push(`(${kindTagClause(query.categoryKeys)})`);
  anyOf('city', query.city === undefined ? [] : [query.city]);
  anyOf('state', query.state === undefined ? [] : stateKeywords(query.state));
  anyOf('country', query.country === undefined ? [] : [query.country]);
  anyOf('verification', query.verificationLevels ?? []);
  return clauses;
}

/** The tag tokens of each equality filter of the query (a document holds one of each group), in queryTagClauses' order. */
export function queryTagGroups(query: SearchQuery): string[][] {
  const group = (kind: TagKind, values: readonly string[]): string[] => [...new Set(values.map((value) => tagToken(kind, value)))];
  return [
    group('category', query.categories ?? []),
    group('kind', query.categoryKeys ?? []),
    group('city', query.city === undefined ? [] : [query.city]),
    group('state', query.state === undefined ? [] : stateKeywords(query.state)),
    group('country', query.country === undefined ? [] : [query.country]),
    group('verification', query.verificationLevels ?? []),
  ].filter((tokens) => tokens.length > 0);
}
