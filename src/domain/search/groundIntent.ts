// Keeps only what the sentence supports in a language model's intent. The model's place wins
// over the caller's location and its numbers become hard filters, so a place or number it
// invents ("pizza" -> Springfield, minRating 5) would move or empty the search the caller
// asked for: a place must share a word with the sentence and a number must be written in it.
// Sentences in a non-Latin script are the exception: there the model's translation
// ("サンフランシスコ" -> San Francisco) is the reason to ask it, and words cannot be compared.
// What is dropped here falls back to the rules' reading in mergeIntents.
import type { SearchIntent } from './intent';
import { foldAccents } from './foldAccents';
import { findUsCity } from './usCities';
import { readsAsEnglishWord, usState } from './usStates';

/** Search words the model may add: a sentence of at most 500 characters holds about this many meaningful ones. */
export const MAX_MODEL_TERMS = 10;
// Words of a place name that say nothing about which place it is ("New York" from "Nueva York" shares "york").
const GENERIC_PLACE_WORDS = new Set(['new', 'san', 'santa', 'saint', 'fort', 'port', 'east', 'west', 'north', 'south',
  'city', 'town', 'lake', 'park', 'beach', 'the', 'downtown', 'uptown', 'midtown', 'central', 'county']);

function foldedWords(text: string): string[] {
  return (foldAccents(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

function numbersIn(text: string): number[] {
  return (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => Number(n.replace(/,(?=\d{3}\b)/g, '').replace(',', '.')));
}

function hasNonLatinLetters(text: string): boolean {
  return /(?=\p{L})\P{Script=Latin}/u.test(text);
}

export function groundModelIntent(query: string, rules: SearchIntent, answer: SearchIntent): SearchIntent {
  const sentence = new Set(foldedWords(query));
  const translated = hasNonLatinLetters(query);
  const numbers = numbersIn(query);
  const written = (n: number | undefined, ...alternatives: number[]): boolean =>
    n !== undefined && (translated || [n, ...alternatives].some((m) => numbers.some((q) => Math.abs(q - m) < 1e-9)));
  const named = (value: string | undefined): boolean => {
    if (value === undefined) return false;
    if (translated) return true;
    const words = foldedWords(value).filter((w) => w.length >= 3 && !GENERIC_PLACE_WORDS.has(w));
    return words.some((w) => sentence.has(w));
  };

  const out: SearchIntent = {
    terms: answer.terms.slice(0, MAX_MODEL_TERMS),
    categories: answer.categories,
    serviceTerms: answer.serviceTerms.slice(0, MAX_MODEL_TERMS),
  };
  if (answer.nearby) out.nearby = answer.nearby;
  if (answer.when) out.when = answer.when;

  if (answer.place) {
    const { city, near, state, postalCode } = answer.place;
    const place: NonNullable<SearchIntent['place']> = {};
    if (named(city) || (city && city.toLowerCase() === rules.place?.city?.toLowerCase())) place.city = city;
    // A landmark may be made only of generic words ("Central Park"): then every word must be in the sentence.
    const nearWords = near === undefined ? [] : foldedWords(near);
    const wholePhrase = nearWords.length > 0 && nearWords.every((w) => sentence.has(w));
    if (named(near) || wholePhrase) place.near = near;
    const zip = postalCode?.match(/^\d{5}/)?.[0];
    if (postalCode && (translated || (zip && query.includes(zip)))) place.postalCode = postalCode;
    if (state) {
      const known = usState(state);
      const abbreviation = known?.abbreviation.toLowerCase() ?? '';
      // "in", "or", "me" are words before they are states: only written in capitals ("Portland, ME") do they name one.
      const abbreviated = (query.match(/[\p{L}\p{N}]+/gu) ?? []).some((w) => w.toLowerCase() === abbreviation && !readsAsEnglishWord(w));
      const stated = known && (abbreviated || foldedWords(known.name).every((w) => sentence.has(w)));
      // A state the model added to a city it read is fine when it is that name's city ("Austin" -> TX):
      // a town of the same name elsewhere (Austin, Indiana) is not what the sentence meant.
      const ofCity = place.city !== undefined && known !== undefined && findUsCity(place.city)?.state === known.abbreviation;
      // An unknown state ("ZZ") filters every business away: never.
      if (known && (translated || stated || ofCity || known.abbreviation === rules.place?.state)) place.state = state;
    }
    if (Object.keys(place).length > 0) out.place = place;
  }

  if (answer.price) {
    const { maxAmount, ...rest } = answer.price;
    const price = { ...rest, ...(written(maxAmount) && { maxAmount }) };
    if (Object.keys(price).length > 0) out.price = price;
  }
  if (answer.quality) {
    const { minRating, minReviews, ...rest } = answer.quality;
    // "more than 100 reviews" is 101: the sentence holds the number before the step.
    const quality = { ...rest, ...(written(minRating) && { minRating }), ...(written(minReviews, (minReviews ?? 0) - 1) && { minReviews }) };
    if (Object.keys(quality).length > 0) out.quality = quality;
  }
  return out;
}
