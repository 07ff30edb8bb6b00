// Which language a consumer sentence is in, among the ones search understands
// (domain/categories/searchLanguages.ts): "cafetería en Denver" is Spanish, so "cafetería" is a
// café (Spanish) and not a canteen (English "cafeteria"). Each language scores the sentence's words
// that are its stop words (the `stopword` package's lists, maintained per language), its words for
// "in" and "near" a place, or words of its kinds' names as written, accents included. The highest
// score wins; a tie goes to the caller's language (Accept-Language), then to English.
import { kindLexicon, searchLanguages } from '../categories/searchLanguages';
import { categoryPhrase } from '../categories/categoryPhrase';
import { categoryTaxonomy } from '../categories/taxonomy';
import { readPackageData } from '../packageData';
import { foldAccents } from './foldAccents';

/** ISO 639-1 (and the schema's locales) -> the stopword package's list. */
const STOPWORD_LIST: Record<string, string> = {
  af: 'afr', ar: 'ara', bg: 'bul', bn: 'ben', br: 'bre', ca: 'cat', cs: 'ces', da: 'dan', de: 'deu', el: 'ell', en: 'eng',
  eo: 'epo', es: 'spa', et: 'est', eu: 'eus', fa: 'fas', fi: 'fin', fr: 'fra', ga: 'gle', gl: 'glg', gu: 'guj', ha: 'hau',
  he: 'heb', hi: 'hin', hr: 'hrv', hu: 'hun', hy: 'hye', id: 'ind', it: 'ita', ja: 'jpn', ko: 'kor', ku: 'kur', la: 'lat',
  lt: 'lit', lv: 'lav', mr: 'mar', ms: 'msa', my: 'mya', nb: 'nob', nl: 'nld', no: 'nob', pl: 'pol', pt: 'por',
  'pt-BR': 'porBr', ro: 'ron', ru: 'rus', sk: 'slk', sl: 'slv', so: 'som', st: 'sot', sv: 'swe', sw: 'swa', th: 'tha',
  tl: 'tgl', tr: 'tur', uk: 'ukr', ur: 'urd', vi: 'vie', yo: 'yor', zh: 'zho', zu: 'zul',
};

/**
 * A language's single words for "in" and "near" before a place ("en Denver", "cerca de Austin"),
 * and the words that may follow "near" ("de", "von"). Grammar, not vocabulary: a few words each.
 */
const PLACE_WORDS: Partial<Record<string, { in: string[]; near: string[]; after: string[] }>> & Record<'en', { in: string[]; near: string[]; after: string[] }> = {
  en: { in: ['in'], near: ['near', 'around'], after: [] },
  es: { in: ['en'], near: ['cerca'], after: ['de', 'del'] },
  fr: { in: ['à', 'a', 'en', 'dans'], near: ['près', 'pres'], after: ['de', 'du'] },
  de: { in: ['in', 'im'], near: ['bei', 'nahe'], after: ['von'] },
  pt: { in: ['em', 'no', 'na'], near: ['perto'], after: ['de', 'do', 'da'] },
  it: { in: ['a', 'in'], near: ['vicino'], after: ['a', 'ad'] },
};

const stopWordSets = new Map<string, ReadonlySet<string>>();
let englishNameWords: ReadonlySet<string> | undefined;

/**
 * The words of a language's kind names as written, from its lexicon; English's from its names and
 * search terms, so a word every language borrowed ("ramen", "pizza") ties, and a tie is English's.
 */
function nameWordsOf(locale: string): ReadonlySet<string> | undefined {
  if (locale !== 'en') return kindLexicon(locale)?.nameWords;
  const { names, terms, plainTerms } = categoryTaxonomy();
  englishNameWords ??= new Set([...names.keys(), ...terms.keys(), ...plainTerms].flatMap((phrase) => phrase.split(' ')));
  return englishNameWords;
}

/**
 * A language's stop words (lower case, accents as written and folded); empty when the package has
 * no list for it. The package holds all its 62 lists: it is read when a language is first asked
 * for, that language's list kept, and the package let go (packageData.ts).
 */
export function stopWordsOf(locale: string): ReadonlySet<string> {
  let set = stopWordSets.get(locale);
  if (!set) {
    const name = STOPWORD_LIST[locale] ?? STOPWORD_LIST[locale.split('-')[0]];
    const list = name ? readPackageData('stopword', (lists) => (lists as Record<string, string[] | undefined>)[name] ?? []) : [];
    set = new Set(list.flatMap((word) => [word.toLowerCase(), foldAccents(word.toLowerCase())]));
    stopWordSets.set(locale, set);
  }
  return set;
}

/** The words for "in" and "near" a place in a language (English's for a language without its own). */
export function placeWordsOf(locale: string): { in: string[]; near: string[]; after: string[] } {
  return PLACE_WORDS[locale] ?? PLACE_WORDS[locale.split('-')[0]] ?? PLACE_WORDS.en;
}

/**
 * The language of a sentence's words (lower case, as typed), among the enabled languages and the
 * caller's `preferred` one (a schema locale from Accept-Language).
 */
export function sentenceLanguage(words: readonly string[], preferred?: string): string {
  const candidates = [...new Set([...(preferred ? [preferred] : []), ...searchLanguages()])];
  let best = { locale: preferred ?? 'en', score: 0 };
  for (const locale of candidates) {
    const stop = stopWordsOf(locale);
    const place = placeWordsOf(locale);
    const names = nameWordsOf(locale);
    const english = nameWordsOf('en') as ReadonlySet<string>;
    // English's words are kept as compared ("ramen" is "raman" to pluralize): look a word up that way too.
    const isEnglish = (word: string) => english.has(word) || (word.length > 3 && english.has(categoryPhrase(word)));
    // A search term of the language counts when English has no such word ("tierarzt", not "hotel").
    const terms = locale === 'en' ? undefined : kindLexicon(locale)?.termWords;
    const isKindWord = (word: string) => (locale === 'en' ? isEnglish(word) : names?.has(word) === true || (word.length > 4 && terms?.has(word) === true && !isEnglish(word)));
    const score = words.filter((word) => stop.has(word) || place.in.includes(word) || place.near.includes(word) || isKindWord(word)).length;
    const tieWinner = locale === preferred || (locale === 'en' && best.locale !== preferred);
    if (score > best.score || (score === best.score && score > 0 && tieWinner)) best = { locale, score };
  }
  return best.score === 0 ? (preferred ?? 'en') : best.locale;
}
