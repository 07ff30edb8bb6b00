// Spelling correction for consumer sentences: "piza in chicgo" -> "pizza in chicago". It only
// knows the words query understanding knows (the category taxonomy's names and terms, major cities, states, time,
// price and quality words), not the index's vocabulary, so it is the same on every engine. The
// service applies a suggestion only when no searchable business contains the word
// (services/search/consumerSearch.ts): a business called "Piza Palace" is still found by its name.
import { WEEKDAYS } from '../profile';
import { enabledLexicons } from '../categories/searchLanguages';
import { categoryTaxonomy } from '../categories/taxonomy';
import { phraseWords } from '../categories/categoryPhrase';
import { isFillerWord } from './intent';
import { createQueryText, tokenize } from './queryText';
import { majorUsCities } from './usCities';
import { usStates } from './usStates';
import { boundedMemo } from '../boundedMemo';

// Words of the fixed phrases in intentPhrases.ts that are worth correcting.
const PHRASE_WORDS = [
  ...WEEKDAYS, 'weekend', 'weekends', 'open', 'late', 'tonight', 'today', 'tomorrow', 'morning', 'afternoon',
  'evening', 'night', 'midnight', 'hours', 'cheap', 'cheapest', 'affordable', 'inexpensive', 'budget', 'best',
  'rated', 'reviewed', 'recommended', 'verified', 'licensed', 'certified', 'insured', 'nearby', 'closest',
  'nearest', 'around', 'near', 'under', 'dollars', 'stars', 'downtown',
];

/** Shorter words have too many neighbours one letter away ("bar", "car", "tar") to guess. */
const MIN_CORRECTED_LENGTH = 4;

interface Vocabulary {
  words: Set<string>;
  /** Every word by length; within a length, the words of what (categories, phrases) before places. */
  byLength: Map<number, Array<{ word: string; place: boolean }>>;
}
let vocabulary: Vocabulary | undefined;
/** How many taxonomy names and terms hold each word: "pizza" is in many, "pita" in one. */
const phraseCounts = new Map<string, number>();

function words(phrase: string): string[] {
  return phrase.toLowerCase().split(/[\s\-.]+/).filter((w) => /^\p{L}+$/u.test(w));
}

/** A plural's singular, so "hair salons" also teaches "salon". */
function singular(word: string): string | undefined {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > MIN_CORRECTED_LENGTH) return word.slice(0, -1);
  return undefined;
}

function knownWords(): Vocabulary {
  if (vocabulary) return vocabulary;
  const what = new Set<string>(PHRASE_WORDS);
  const taxonomy = categoryTaxonomy();
  for (const phrase of [...taxonomy.names.keys(), ...taxonomy.terms.keys()]) {
    for (const w of words(phrase)) {
      what.add(w);
      phraseCounts.set(w, (phraseCounts.get(w) ?? 0) + 1);
    }
  }
  for (const w of [...what]) {
    const one = singular(w);
    if (one) what.add(one);
  }
  const places = new Set<string>();
  for (const city of majorUsCities()) for (const w of words(city.name)) places.add(w);
  for (const [name] of usStates()) for (const w of words(name)) places.add(w);
  const byLength: Vocabulary['byLength'] = new Map();
  const add = (word: string, place: boolean) => {
    const list = byLength.get(word.length) ?? [];
    list.push({ word, place });
    byLength.set(word.length, list);
  };
  for (const w of [...what].sort()) add(w, false);
  for (const w of [...places].sort()) if (!what.has(w)) add(w, true);
  // The other enabled languages' kind names are known words ("dentista" is no typo of "dentist"; their
  // search terms are too loose: Portuguese lists "piza"), but suggestions stay English words and places.
  const foreign = enabledLexicons().flatMap((lexicon) => [...lexicon.names.keys()].flatMap(words));
  vocabulary = { words: new Set([...what, ...places, ...foreign]), byLength };
  return vocabulary;
}

function isKnown(word: string): boolean {
  const known = knownWords().words;
  // Plurals of known words too: "plumbers", "bakeries", "tacos".
  return known.has(word) || isFillerWord(word) || phraseWords(word).some((one) => known.has(one));
}

/** One typo in a short word, two in a long one: "resturant", "plummer", "chicgo", "cincinatti". */
function maxEdits(length: number): number {
  return length >= 8 ? 2 : 1;
}

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours, the commonest
 * typo), or `limit + 1` as soon as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2] + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length];
}

/**
 * The closest known word of each word not known, remembered: the vocabulary is fixed, so the
 * answer is too, and finding it compares the word with every known word of a near length (about
 * 60 us a sentence, 2-3 % of a consumer search's work in the API).
 */
const CLOSEST_MEMO_SIZE = 10_000;
const closestKnownWord = boundedMemo(CLOSEST_MEMO_SIZE, searchClosestKnownWord);

/**
 * The closest known word: fewest edits, then a word of what people look for over a place name
 * ("salom" is "salon", not "Salem"), then the same first letter, then the word more kinds use
 * ("piza" is "pizza", not "pita"), then the first in the list.
 */
function searchClosestKnownWord(word: string): string | undefined {
  const { byLength } = knownWords();
  const limit = maxEdits(word.length);
  let best: { word: string; rank: number[] } | undefined;
  for (let length = word.length - limit; length <= word.length + limit; length++) {
    for (const candidate of byLength.get(length) ?? []) {
      const distance = editDistance(word, candidate.word, limit);
      if (distance > limit) continue;
      const rank = [distance, candidate.place ? 1 : 0, candidate.word[0] === word[0] ? 0 : 1, -(phraseCounts.get(candidate.word) ?? 0)];
      if (!best || isBefore(rank, best.rank)) best = { word: candidate.word, rank };
    }
  }
  return best?.word;
}

function isBefore(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

export interface SpellingSuggestion {
  /** The word as typed, in lower case. */
  word: string;
  suggestion: string;
}

// Text in quotes ("...", '...', curly or guillemets) is meant exactly as typed.
const QUOTED = /"[^"]*"|(?<![\p{L}\p{N}])'[^']*'(?![\p{L}\p{N}])|\u201c[^\u201d]*\u201d|\u00ab[^\u00bb]*\u00bb/gu;

/**
 * Where the sentence looks like query syntax, which is read as text, never corrected: quoted
 * spans, and a word right before a colon ("name:vegan", "category: dentist").
 */
function literalSpans(original: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const m of original.matchAll(QUOTED)) spans.push([m.index, m.index + m[0].length]);
  for (const m of original.matchAll(/[\p{L}\p{N}]+(?=\s*:)/gu)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

/**
 * Words of the sentence that query understanding does not know and that are one or two typos
 * from a word it does. The caller decides which to apply: a word its index holds ("vegan" is
 * not "vegas", "free" is not "tree") is no typo. Quoted words and a word before a colon are kept.
 */
export function spellingSuggestions(query: string): SpellingSuggestion[] {
  const suggestions: SpellingSuggestion[] = [];
  const text = createQueryText(query);
  const literal = literalSpans(text.original);
  for (const token of tokenize(text)) {
    const word = token.lower;
    if (literal.some(([start, end]) => token.start < end && token.end > start)) continue;
    if (word.length < MIN_CORRECTED_LENGTH || !/^\p{L}+$/u.test(word) || isKnown(word)) continue;
    if (suggestions.some((s) => s.word === word)) continue;
    const suggestion = closestKnownWord(word);
    if (suggestion) suggestions.push({ word, suggestion });
  }
  return suggestions;
}

export interface SpellingCorrection {
  /** The sentence with each corrected word replaced (in lower case); everything else as typed. */
  text: string;
  corrections: Array<{ from: string; to: string }>;
}

/** The sentence with the given suggestions applied, or undefined when none applies. */
export function correctSpelling(query: string, suggestions: SpellingSuggestion[]): SpellingCorrection | undefined {
  const text = createQueryText(query);
  const replacement = new Map(suggestions.map((s) => [s.word, s.suggestion]));
  const corrections: SpellingCorrection['corrections'] = [];
  let corrected = '';
  let copiedUpTo = 0;
  for (const token of tokenize(text)) {
    const to = replacement.get(token.lower);
    if (!to) continue;
    corrected += text.original.slice(copiedUpTo, token.start) + to;
    copiedUpTo = token.end;
    corrections.push({ from: token.original, to });
  }
  if (corrections.length === 0) return undefined;
  return { text: corrected + text.original.slice(copiedUpTo), corrections };
}
