// Words of a search -> kinds of business in the category taxonomy (domain/categories/taxonomy.ts).
// A phrase that is a kind's name or alias ("dentist", "coffee shop", "vet") NAMES the kind: consumer
// search filters to it (and to the kinds our additions relate to it), as it does for a request's
// `category`. A phrase that is a search term of a few kinds ("tooth", "pizza", "breakfast") only
// IMPLIES them: they widen and boost the search, never filter. A term of many kinds ("dog", "bar")
// says nothing about the kind and stays a plain word.
import { categoryKeysOf } from '../categories/canonicalCategory';
import { categoryPhrase, plainSingularPhrase } from '../categories/categoryPhrase';
import { enabledLexicons, kindLexicon, type KindLexicon } from '../categories/searchLanguages';
import { type CategoryTaxonomy, categoryTaxonomy, kindName, withBroaderKinds } from '../categories/taxonomy';

/** A term listed by more kinds than this is too general to imply any of them. */
const MAX_KINDS_PER_TERM = 3;

export interface CategoryWordMatch {
  /** Taxonomy keys, most specific as listed. */
  keys: string[];
  /** `name`: the phrase names the kind (filters a sentence); `term`: it only implies it. */
  kind: 'name' | 'term';
}

function preferred(keys: readonly string[]): string[] {
  const { kinds } = categoryTaxonomy();
  const searchable = keys.filter((key) => kinds.get(key)?.searchable);
  return searchable.length > 0 ? searchable : [...keys];
}

/**
 * A term every cuisine of restaurant inherits ("breakfast", "dinner") means the broad kind: a kind
 * whose broader kind is listed too goes, since documents carry their broader kinds.
 */
function broadest(keys: readonly string[]): string[] {
  const listed = new Set(keys);
  return keys.filter((key) => !withBroaderKinds([key]).slice(1).some((broader) => listed.has(broader)));
}

function lookUp(names: ReadonlyMap<string, readonly string[]>, terms: ReadonlyMap<string, readonly string[]>, phrase: string): CategoryWordMatch | undefined {
  const named = names.get(phrase);
  if (named) return { keys: preferred(named), kind: 'name' };
  const termed = terms.get(phrase);
  const implied = termed ? broadest(preferred(termed)) : [];
  if (implied.length > 0 && implied.length <= MAX_KINDS_PER_TERM) return { keys: implied, kind: 'term' };
  return undefined;
}

/**
 * Looks up a word or phrase as typed (any case, plurals, accents, hyphens) in a sentence of
 * `language` (a schema locale, domain/search/sentenceLanguage.ts): that language's names and terms
 * first ("cafetería" in Spanish is a café), then English's, then a name in any other enabled
 * language ("boulangerie" in an English sentence). Terms of other languages are too loose to trust.
 */
export function matchCategoryWords(phrase: string, language = 'en'): CategoryWordMatch | undefined {
  const key = categoryPhrase(phrase);
  if (key === '') return undefined;
  const own = kindLexicon(language);
  const inOwn = own && (lookUp(own.names, own.terms, key) ?? lookUp(own.names, own.terms, plainSingularPhrase(phrase)));
  if (inOwn) return inOwn;
  const { names, terms } = categoryTaxonomy();
  const inEnglish = lookUp(names, terms, key);
  if (inEnglish) return inEnglish;
  const plain = plainSingularPhrase(phrase);
  const others = enabledLexicons().filter((lexicon) => lexicon !== own);
  for (const lexicon of others) {
    const named = lexicon.names.get(key) ?? lexicon.names.get(plain);
    if (named) return { keys: preferred(named), kind: 'name' };
  }
  return undefined;
}

/** The longest phrase in words, names and terms alike, in every enabled language (the parser's look-ahead). */
export function maxCategoryPhraseWords(language = 'en'): number {
  const own = kindLexicon(language);
  return Math.max(categoryTaxonomy().maxPhraseWords, own?.maxPhraseWords ?? 0, ...enabledLexicons().map((lexicon) => lexicon.maxPhraseWords));
}

/**
 * The kinds a request's category word means in an enabled language when English has none:
 * "dentista", "Bäckerei", "boulangeries" (a name, or a search term of exactly one kind).
 */
function keysInOtherLanguages(category: string, lexicons: readonly KindLexicon[] = enabledLexicons()): string[] {
  const phrases = [...new Set([categoryPhrase(category), plainSingularPhrase(category)])].filter(Boolean);
  for (const lexicon of lexicons) {
    const named = phrases.map((phrase) => lexicon.names.get(phrase)).find(Boolean);
    if (named) return preferred(named);
  }
  for (const lexicon of lexicons) {
    const termed = phrases.map((phrase) => lexicon.terms.get(phrase)).find(Boolean);
    if (termed && preferred(termed).length === 1) return preferred(termed);
  }
  return [];
}

/** What a filter on named kinds accepts: each kind and the kinds related to it ("coffee shop" also takes cafes). */
export function namedKindFilter(keys: readonly string[]): string[] {
  const { kinds } = categoryTaxonomy();
  return [...new Set(keys.flatMap((key) => [key, ...(kinds.get(key)?.related ?? [])]))];
}

/**
 * A request's `category` parameter as a filter: the kinds it means (with their related kinds) when
 * the taxonomy knows it, so category=dentist finds "Dentists" and "dental clinic" alike; else the
 * label as written, compared case-insensitively ("home-services").
 */
export function requestCategoryFilter(category: string, language = 'en'): { categoryKeys: string[] } | { categories: string[] } {
  // The caller's own language first (Accept-Language: "cafeterías" is cafés in Spanish), then English, then the others.
  const own = kindLexicon(language);
  const inOwn = own ? keysInOtherLanguages(category, [own]) : [];
  const english = inOwn.length > 0 ? inOwn : categoryKeysOf(category);
  const keys = english.length > 0 ? english : keysInOtherLanguages(category);
  return keys.length > 0 ? { categoryKeys: namedKindFilter(keys) } : { categories: [category] };
}

/** The phrase each kind is searched by in category text: its English name ("pizza restaurant"). */
export function kindPhrases(keys: readonly string[]): string[] {
  return [...new Set(keys.map((key) => categoryPhrase(kindName(key))).filter(Boolean))];
}

/**
 * The kinds a free text names, for listing searches' `q` ("plumber" also finds businesses filed as
 * plumbers whatever their label): every run of words that is a kind's name, longest first.
 */
export function kindsNamedIn(text: string): string[] {
  const words = categoryPhrase(text).split(' ').filter(Boolean);
  const keys: string[] = [];
  const longest = maxCategoryPhraseWords();
  for (let start = 0; start < words.length; ) {
    let matched = 0;
    for (let length = Math.min(longest, words.length - start); length >= 1 && matched === 0; length--) {
      const hit = matchCategoryWords(words.slice(start, start + length).join(' '));
      if (hit?.kind !== 'name') continue;
      for (const key of hit.keys) if (!keys.includes(key)) keys.push(key);
      matched = length;
    }
    start += Math.max(matched, 1);
  }
  return keys;
}

/** More words than this would make the fallback match nearly anything. */
const MAX_KIND_WORDS = 12;

/**
 * The words that stand for the kinds when their filter found nothing: their names and search terms
 * ("plumber", "plumbing", "pipe", "leak"...), so a business filed as "home-services" whose profile
 * says it fixes leaks is found by "plumber".
 */
export function kindWords(keys: readonly string[]): string[] {
  const words: string[] = [];
  const add = (phrase: string) => {
    for (const word of phrase.split(' ')) if (words.length < MAX_KIND_WORDS && !words.includes(word)) words.push(word);
  };
  for (const key of keys) add(categoryPhrase(kindName(key)));
  const index = singleWordPhrases();
  for (const list of [index.names, index.terms]) {
    // The taxonomy's own order (names, then terms, each as listed), whichever kind a word is of.
    const listed = keys.flatMap((key) => list.get(key) ?? []).sort((a, b) => a.position - b.position);
    for (const { phrase } of listed) add(phrase);
  }
  return words;
}

/**
 * What mentions a kind: its names and search terms as whole phrases ("pet store", "ice cream
 * shop", "leak"), English and the enabled languages'. A profile that shares one word of a phrase
 * ("pet" of "pet store") does not mention it.
 */
export function kindMentions(keys: readonly string[]): string[] {
  const phrases = new Set(keys.map((key) => categoryPhrase(kindName(key))).filter(Boolean));
  const index = mentionPhrases();
  for (const list of [index.names, index.terms]) {
    // The taxonomy's own order (names, then terms, each as listed), whichever kind a phrase is of.
    const listed = keys.flatMap((key) => list.get(key) ?? []).sort((a, b) => a.position - b.position);
    for (const { phrase } of listed) phrases.add(phrase);
  }
  return [...phrases];
}

interface ListedPhrase {
  phrase: string;
  /** Where the taxonomy lists it among its names (or terms). */
  position: number;
}

/** Each kind's phrases, with their places in the taxonomy's lists of names and of terms. */
interface PhrasesByKind {
  names: Map<string, ListedPhrase[]>;
  terms: Map<string, ListedPhrase[]>;
}

/** The phrases of the taxonomy's lists that `keep` keeps, by kind, each kind's in list order. */
function byKind(lists: ReadonlyMap<string, readonly string[]>, keep: (phrase: string, kinds: readonly string[]) => boolean): Map<string, ListedPhrase[]> {
  const index = new Map<string, ListedPhrase[]>();
  let position = 0;
  for (const [phrase, kinds] of lists) {
    position += 1;
    if (!keep(phrase, kinds)) continue;
    for (const key of new Set(kinds)) {
      let listed = index.get(key);
      if (!listed) index.set(key, (listed = []));
      listed.push({ phrase, position });
    }
  }
  return index;
}

let singleWords: (PhrasesByKind & { of: CategoryTaxonomy }) | undefined;
let mentions: (PhrasesByKind & { of: CategoryTaxonomy }) | undefined;

/**
 * Each kind's one-word names and terms, with their places in the taxonomy's lists: built once, so
 * kindWords reads a few kinds' lists instead of every phrase of the taxonomy for each search.
 */
function singleWordPhrases(): PhrasesByKind {
  const taxonomy = categoryTaxonomy();
  if (singleWords?.of === taxonomy) return singleWords;
  const oneWord = (phrase: string) => !phrase.includes(' ');
  singleWords = { of: taxonomy, names: byKind(taxonomy.names, oneWord), terms: byKind(taxonomy.terms, oneWord) };
  return singleWords;
}

/**
 * Each kind's names and its terms that few kinds share (a term many kinds share, "dog" or "cat",
 * says nothing of one of them), built once on the first widened search: kindMentions then reads
 * a few kinds' lists instead of testing every phrase of the taxonomy (about 75 us a call).
 */
function mentionPhrases(): PhrasesByKind {
  const taxonomy = categoryTaxonomy();
  if (mentions?.of === taxonomy) return mentions;
  mentions = { of: taxonomy, names: byKind(taxonomy.names, () => true), terms: byKind(taxonomy.terms, (_, kinds) => kinds.length <= MAX_KINDS_PER_TERM) };
  return mentions;
}
