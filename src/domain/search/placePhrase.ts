// Where: "in Austin", "in Austin, TX", "near downtown Denver", "around Chicago IL",
// "pizza austin tx", and ZIP codes ("dentist in 10001", real ones: the zipcodes data set). Known cities (usCities.ts) and states
// are matched in any case; an unknown place is only believed when it follows a preposition and
// is capitalised ("in Smallville") or followed by a state ("in brooklyn, ny"), which keeps
// "in bulk" or "in a hurry" out.
import { blank, tokenize, type QueryText, type Token } from './queryText';
import { placeWordsOf } from './sentenceLanguage';
import { AMBIGUOUS_CITY_NAMES, MAJOR_CITY_POPULATION, cityKey, findUsCity, maxCityNameWords } from './usCities';
import { AMBIGUOUS_STATE_ABBREVIATIONS, MAX_STATE_NAME_WORDS, stateAbbreviation } from './usStates';
import { isUsZipCode } from './usZipCodes';

export interface PlaceIntent {
  city?: string;
  state?: string;
  /** A US ZIP code in the sentence ("dentist in 10001", "near 78701-1234"): a postal code filter. */
  postalCode?: string;
  /** Set for "near/around X" and "downtown X": search around X's centre rather than filter by city. */
  near?: string;
}

const PREPOSITIONS = new Set(['in', 'near', 'around']);

/** "in" and "near" before a place in English and in the sentence's language ("en Denver", "cerca de Austin"). */
function placeWords(language: string): { in: Set<string>; near: Set<string>; after: Set<string> } {
  const own = placeWordsOf(language);
  return { in: new Set(['in', ...own.in]), near: new Set(['near', 'around', ...own.near]), after: new Set(own.after) };
}
const QUALIFIERS = new Set([
  'downtown', 'uptown', 'midtown', 'central', 'north', 'south', 'east', 'west', 'northern', 'southern',
  'eastern', 'western', 'greater', 'inner', 'historic',
]);
const MAX_UNKNOWN_PLACE_WORDS = 3;
// Capitalised words that still cannot start an unknown place name.
const NOT_PLACE_WORDS = new Set(['i', 'the', 'a', 'an', 'my', 'our', 'your', 'town', 'city', 'area']);

interface Resolved {
  city?: string;
  state?: string;
  /** Index of the first token after the place. */
  next: number;
}

function wordsAt(tokens: Token[], from: number, count: number): Token[] | undefined {
  if (from + count > tokens.length) return undefined;
  const words = tokens.slice(from, from + count);
  return words.some((t) => t.lower === ',') ? undefined : words;
}

function joined(words: Token[]): string {
  return words.map((w) => w.lower).join(' ');
}

function isUpperAbbreviation(original: string): boolean {
  return /^[A-Z]\.?[A-Z]\.?$/.test(original);
}

/**
 * A state right after a city: ", TX", " tx", " Texas", ", or" (comma makes "or" Oregon). An
 * abbreviation that is also a word ("co", "or") needs the comma or capitals, unless it is the
 * known city's own state (`cityState`) and ends the query: "denver co", but "portland or seattle".
 */
function stateAt(tokens: Token[], index: number, cityState?: string): { abbr: string; next: number } | undefined {
  let i = index;
  const comma = tokens[i]?.lower === ',';
  if (comma) i += 1;
  for (let k = MAX_STATE_NAME_WORDS; k >= 1; k--) {
    const words = wordsAt(tokens, i, k);
    if (!words) continue;
    const phrase = joined(words);
    const abbr = stateAbbreviation(phrase);
    if (!abbr) continue;
    const isAbbreviation = phrase.replace(/\./g, '').length === 2;
    const plainWord = !comma && !isUpperAbbreviation(words[0].original);
    const ownStateLast = abbr === cityState && i + k === tokens.length;
    if (isAbbreviation && AMBIGUOUS_STATE_ABBREVIATIONS.has(abbr.toLowerCase()) && plainWord && !ownStateLast) continue;
    return { abbr, next: i + k };
  }
  return undefined;
}

function titleCase(words: Token[]): string {
  return words.map((w) => w.original.charAt(0).toUpperCase() + w.original.slice(1)).join(' ');
}

function knownCityAt(tokens: Token[], from: number): Resolved & { ambiguous: boolean; stated: boolean } | undefined {
  for (let k = maxCityNameWords(); k >= 1; k--) {
    const words = wordsAt(tokens, from, k);
    if (!words) continue;
    const name = joined(words);
    const anyCity = findUsCity(name);
    if (!anyCity) continue;
    // Without "in", only a major city's name is taken for a place: a town's may be any word.
    const ambiguous = AMBIGUOUS_CITY_NAMES.has(cityKey(name)) || anyCity.population < MAJOR_CITY_POPULATION;
    const state = stateAt(tokens, from + k, anyCity.state);
    if (state) {
      const city = findUsCity(name, state.abbr);
      return { city: city?.name ?? titleCase(words), state: state.abbr, next: state.next, ambiguous, stated: true };
    }
    // "in Washington" names the state; "in New York" is the city (and its state).
    const asState = stateAbbreviation(name);
    if (asState && name.length > 2 && asState !== anyCity.state) return { state: asState, next: from + k, ambiguous, stated: true };
    return { city: anyCity.name, state: anyCity.state, next: from + k, ambiguous, stated: false };
  }
  return undefined;
}

function placeAfterPreposition(tokens: Token[], from: number): Resolved | undefined {
  const known = knownCityAt(tokens, from);
  if (known) return { city: known.city, state: known.state, next: known.next };
  for (let k = MAX_STATE_NAME_WORDS; k >= 1; k--) {
    const words = wordsAt(tokens, from, k);
    if (!words) continue;
    const abbr = stateAbbreviation(joined(words));
    if (abbr && (joined(words).length > 2 || isUpperAbbreviation(words[0].original))) return { state: abbr, next: from + k };
  }
  const words: Token[] = [];
  for (let i = from; i < tokens.length && words.length < MAX_UNKNOWN_PLACE_WORDS; i++) {
    const t = tokens[i];
    if (!couldBePlaceWord(t) || !/^\p{Lu}/u.test(t.original)) break;
    words.push(t);
  }
  if (words.length === 0) return unknownPlaceBeforeState(tokens, from);
  const state = stateAt(tokens, from + words.length);
  return { city: words.map((w) => w.original).join(' '), state: state?.abbr, next: state?.next ?? from + words.length };
}

function couldBePlaceWord(token: Token): boolean {
  return token.lower !== ',' && !/\d/.test(token.lower) && !NOT_PLACE_WORDS.has(token.lower);
}

/** "in brooklyn, ny" / "in park slope ny": an uncapitalised unknown place is believed when a state follows it. */
function unknownPlaceBeforeState(tokens: Token[], from: number): Resolved | undefined {
  for (let k = 1; k <= MAX_UNKNOWN_PLACE_WORDS; k++) {
    const words = wordsAt(tokens, from, k);
    if (!words || !words.every(couldBePlaceWord)) return undefined;
    const state = stateAt(tokens, from + k);
    if (state) return { city: titleCase(words), state: state.abbr, next: state.next };
  }
  return undefined;
}

function toIntent(found: Resolved, near: string | undefined): PlaceIntent {
  const place: PlaceIntent = {};
  if (found.city) place.city = found.city;
  if (found.state) place.state = found.state;
  if (near) place.near = near;
  return place;
}

const ZIP_CODE = /^\d{5}(?:-\d{4})?$/;
const ZIP_WORDS = new Set(['zip', 'zipcode', 'postcode']);

/** "in 10001", "near zip 78701", "plumber 94103": a five-digit number (or ZIP+4) is a ZIP code, with the words before it. */
export function extractPostalCode(text: QueryText): string | undefined {
  const tokens = tokenize(text);
  // A ZIP code the data set knows: "open 24 hours 7-eleven" or "under 20000" name none.
  const at = tokens.findIndex((token) => ZIP_CODE.test(token.lower) && isUsZipCode(token.lower.slice(0, 5)));
  if (at < 0) return undefined;
  let from = at;
  if (from > 0 && tokens[from - 1].lower === 'code' && tokens[from - 2]?.lower === 'zip') from -= 2;
  else if (from > 0 && ZIP_WORDS.has(tokens[from - 1].lower)) from -= 1;
  if (from > 0 && PREPOSITIONS.has(tokens[from - 1].lower)) from -= 1;
  blank(text, tokens[from].start, tokens[at].end);
  return tokens[at].lower;
}

export function extractPlace(text: QueryText, language = 'en'): PlaceIntent | undefined {
  const tokens = tokenize(text);
  const span = (from: number, next: number) => text.original.slice(tokens[from].start, tokens[next - 1].end);
  const words = placeWords(language);

  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i].lower;
    let from: number;
    const isIn = words.in.has(word);
    if (isIn) from = i + 1;
    else if (words.near.has(word)) from = words.after.has(tokens[i + 1]?.lower ?? '') ? i + 2 : i + 1;
    else if ((word === 'close' || word === 'next') && tokens[i + 1]?.lower === 'to') from = i + 2;
    else continue;
    const qualified = QUALIFIERS.has(tokens[from]?.lower ?? '');
    const found = placeAfterPreposition(tokens, qualified ? from + 1 : from);
    if (!found) continue;
    const near = !isIn || qualified ? span(from, found.next) : undefined;
    const place = toIntent(found, near);
    blank(text, tokens[i].start, tokens[found.next - 1].end);
    return place;
  }

  // No preposition: only a known city, and only when it cannot be an ordinary word
  // ("buffalo wings") - followed by a state, led by "downtown", or ending the query.
  for (let i = 0; i < tokens.length; i++) {
    const qualified = QUALIFIERS.has(tokens[i].lower);
    const from = qualified ? i + 1 : i;
    const found = knownCityAt(tokens, from);
    if (!found || !found.city) continue;
    const atEnd = found.next === tokens.length;
    if (!(found.stated || qualified || (atEnd && !found.ambiguous))) continue;
    const place = toIntent(found, qualified ? span(i, found.next) : undefined);
    blank(text, tokens[i].start, tokens[found.next - 1].end);
    return place;
  }
  return undefined;
}
