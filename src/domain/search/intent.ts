// Query understanding by rules: a consumer sentence -> a SearchIntent. This is the default
// path and the fallback whenever the language model is slow, failing or absent, so it has
// to be pure and fast. Phrases are recognised in a fixed order (when, price, quality,
// place, category) and consumed; whatever meaningful words remain become `terms`.
// Categories are kinds of the category taxonomy (domain/categories, keys such as amenity/dentist),
// found by categoryWords.ts: a kind implied by a search term (a meal, a dish, a symptom:
// "breakfast", "pizza", "tooth") widens and boosts the search, it never filters. A kind the
// sentence names ("dentist", "coffee shop", "vet") is kept in `namedCategories`, which filters like
// a request's `category`.
import { matchCategoryWords, maxCategoryPhraseWords } from './categoryWords';
import { extractPrice, extractQuality, extractWhen, consumeNearMe } from './intentPhrases';
import type { TimeConditions } from './openingFilter';
import { extractPlace, extractPostalCode, type PlaceIntent } from './placePhrase';
import { createQueryText, tokenize, type Token } from './queryText';
import { sentenceLanguage, stopWordsOf } from './sentenceLanguage';

export interface SearchIntent {
  /** Meaningful leftover words ("vegan", "gluten-free"), lower case. */
  terms: string[];
  /** Taxonomy keys of every kind the words name or imply: "pizza" -> amenity/restaurant/pizza. */
  categories: string[];
  /** Search terms of the taxonomy that implied a kind, as typed: "pizza", "oil change", "tooth". */
  serviceTerms: string[];
  /**
   * Words of the sentence that named a kind ("dentist", "coffee shop"), as typed: searched as
   * words too. Absent when there are none.
   */
  categoryWords?: string[];
  /**
   * Kinds the sentence named ("dentist near me" -> ["amenity/dentist"]; "bakery or cafe" -> both),
   * in the order typed: consumer search filters to any of them (and their related kinds). Kinds
   * only implied ("breakfast", "pizza") are not here. Only the rules set it: a language model's
   * categories stay implied (mergeIntents.ts).
   */
  namedCategories?: string[];
  place?: PlaceIntent;
  when?: TimeConditions;
  price?: { cheap?: boolean; maxAmount?: number; currency?: string };
  quality?: { best?: boolean; minRating?: number; verifiedOnly?: boolean; minReviews?: number };
  /** The sentence asked for places near the caller ("near me", "closest", "within 5 km"). */
  nearby?: boolean;
  /** The language the sentence was read in (a schema locale: "es", "pt-BR"), when not English (sentenceLanguage.ts). */
  language?: string;
}

export interface ReadingOptions {
  /** The caller's language (a schema locale, from Accept-Language): it wins a tie between languages. */
  language?: string;
}

const STOP_WORDS = new Set([
  'a', 'an', 'the', 'and', 'or', 'of', 'for', 'to', 'in', 'on', 'at', 'by', 'with', 'from', 'near', 'around',
  'me', 'my', 'i', 'im', "i'm", 'we', 'us', 'you', 'our', 'your', 'is', 'are', 'be', 'it', 'its', 'that', 'this',
  'these', 'those', 'which', 'who', 'what', 'whats', "what's", 'where', 'wheres', "where's", 'when', 'how', 'can',
  'could', 'would', 'should', 'will', 'do', 'does', 'find', 'show', 'get', 'give', 'list', 'search', 'searching',
  'looking', 'look', 'want', 'wanna', 'need', 'needs', 'recommend', 'recommendation', 'recommendations', 'suggest',
  'please', 'some', 'any', 'good', 'great', 'nice', 'decent', 'awesome', 'amazing', 'place', 'places', 'spot',
  'spots', 'somewhere', 'option', 'options', 'open', 'opened', 'now', 'today', 'tonight', 'tomorrow', 'currently',
  'right', 'area', 'local', 'locally', 'nearby', 'here', 'there', 'just', 'really', 'very', 'most', 'more', 'like',
  'go', 'going', 'try', 'something', 'anything', 'one', 'ones', 'available', 'weekend', 'weekends', 'time', 'hours',
  'price', 'prices', 'priced', 'rated', 'rating', 'ratings', 'reviews', 'star', 'stars', 'than', 'less', 'under',
  'also', 'which', 'if', 'then', 'so', 'but', 'not', 'no', 'about', 'into', 'within', 'out', 'up', 'all', 'best',
  'top', 'other', 'new', 'old', 'same', 'city', 'town', 'downtown', 'store', 'shop', 'shops', 'service', 'services',
  'company', 'companies', 'business', 'businesses',
]);

/** Words that carry no search meaning on their own ("find", "places", "open"). */
export function isFillerWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * The sentence names nothing to look for: only stop words, symbols or emoji ("the", "*", "🍕",
 * "near me"), so no word to search, no kind, no place and no time, price or quality condition.
 * Such a sentence matches nothing rather than every business near by. A place alone ("austin")
 * still lists what is there.
 */
export function asksForNothing(intent: SearchIntent): boolean {
  return intent.terms.length === 0 && intent.serviceTerms.length === 0 && intent.categories.length === 0
    && (intent.namedCategories ?? []).length === 0 && !intent.place && !intent.when && !intent.price && !intent.quality;
}

/** A word of the sentence's language that carries no search meaning: English filler, or the language's stop words. */
function isFillerIn(word: string, language: string): boolean {
  return STOP_WORDS.has(word) || (language !== 'en' && stopWordsOf(language).has(word));
}

/** Drops possessives and stray punctuation: "joe's" -> "joe", "gluten-free" stays. */
function termOf(token: Token, language: string): string | undefined {
  const word = token.lower.replace(/'s$/, '').replace(/^['\-.]+|['\-.]+$/g, '');
  if (word.length < 2 || isFillerIn(word, language) || !/\p{L}/u.test(word)) return undefined;
  return word;
}

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

export function parseIntentByRules(query: string, options: ReadingOptions = {}): SearchIntent {
  const text = createQueryText(query);
  const language = sentenceLanguage(tokenize(text).map((token) => token.lower), options.language);
  const when = extractWhen(text);
  const quality = extractQuality(text);
  const price = extractPrice(text);
  const nearby = consumeNearMe(text);
  const postalCode = extractPostalCode(text);
  const place = postalCode ? { ...extractPlace(text, language), postalCode } : extractPlace(text, language);

  const intent: SearchIntent = { terms: [], categories: [], serviceTerms: [] };
  const tokens = tokenize(text);
  const longest = maxCategoryPhraseWords(language);
  for (let i = 0; i < tokens.length; ) {
    let matched = 0;
    // Longest phrase first, so "teeth cleaning" is a dentist's before "cleaning" is a cleaner's.
    for (let k = Math.min(longest, tokens.length - i); k >= 1 && matched === 0; k--) {
      const words = tokens.slice(i, i + k);
      if (words.some((t) => t.lower === ',')) continue;
      // A lone filler word ("place", "open") is never a kind, whatever a term list says.
      if (k === 1 && isFillerIn(words[0].lower, language)) continue;
      const phrase = words.map((t) => t.lower).join(' ');
      const hit = matchCategoryWords(phrase, language);
      if (!hit) continue;
      for (const key of hit.keys) pushUnique(intent.categories, key);
      if (hit.kind === 'term') pushUnique(intent.serviceTerms, phrase);
      else {
        pushUnique((intent.categoryWords ??= []), phrase);
        for (const key of hit.keys) pushUnique((intent.namedCategories ??= []), key);
      }
      matched = k;
    }
    if (matched > 0) {
      i += matched;
      continue;
    }
    const term = termOf(tokens[i], language);
    if (term) pushUnique(intent.terms, term);
    i += 1;
  }
  if (place) intent.place = place;
  if (when) intent.when = when;
  if (price) intent.price = price;
  if (quality) intent.quality = quality;
  if (nearby) intent.nearby = true;
  if (language !== 'en') intent.language = language;
  return intent;
}
