// The languages search understands kinds of business in (SEARCH_LANGUAGES, set once at start by the
// composition root; English, the taxonomy's own, is always on). The words come from the tagging
// schema's own translations (dist/translations/<locale>.min.json, about 130 locales): each business
// kind's preset name, aliases and search terms in that language. A language's file is read on first
// use (not at start), only the business kinds' phrases are kept, and the parsed file is dropped. A
// language that only a request's Accept-Language asks for is read the same way; at most
// MAX_REQUESTED of those stay loaded.
import { existsSync, readFileSync } from 'node:fs';
import { foldAccents } from '../search/foldAccents';
import { addTo, categoryTaxonomy, listOf, schemaFilePath, type PresetTranslations } from './taxonomy';

export const DEFAULT_SEARCH_LANGUAGES: readonly string[] = ['en', 'es', 'fr', 'de', 'pt', 'it'];

/** Languages read for requests alone (Accept-Language) kept at once; the least recently used goes. */
const MAX_REQUESTED = 4;

/** A language's words for the taxonomy's kinds, compared as category phrases (categoryPhrase.ts). */
export interface KindLexicon {
  language: string;
  /** Preset names and aliases by phrase: the kinds a phrase names. */
  names: ReadonlyMap<string, readonly string[]>;
  /** Search terms by phrase: the kinds a phrase implies. */
  terms: ReadonlyMap<string, readonly string[]>;
  /** The words of the names as written, lower case with their accents ("cafetería") and without: telling the language of a sentence. */
  nameWords: ReadonlySet<string>;
  /** The same for the search terms ("tierarzt"). */
  termWords: ReadonlySet<string>;
  maxPhraseWords: number;
}

let enabled: readonly string[] = DEFAULT_SEARCH_LANGUAGES;
const lexicons = new Map<string, KindLexicon>();
const requested = new Map<string, KindLexicon>();

const translationFile = (locale: string): string => schemaFilePath(`dist/translations/${locale}.min.json`);

/**
 * The schema's locale for a language tag, or undefined when it has none: "pt-BR" has its own file,
 * "es-MX" falls back to "es", "EN-us" is "en-US". Tags are case-insensitive (BCP 47).
 */
export function schemaLocale(tag: string): string | undefined {
  const [language, region] = tag.trim().split(/[-_]/);
  if (!language || !/^[a-z]{2,3}$/i.test(language)) return undefined;
  const primary = language.toLowerCase();
  const regional = region && /^[a-z0-9]{2,8}$/i.test(region) ? `${primary}-${region.length === 2 ? region.toUpperCase() : region}` : undefined;
  for (const locale of [regional, primary]) if (locale && existsSync(translationFile(locale))) return locale;
  return undefined;
}

/** Sets the languages search understands (config.searchLanguages); English is always among them. */
export function useSearchLanguages(languages: readonly string[]): void {
  enabled = ['en', ...languages.filter((language) => language !== 'en')];
  lexicons.clear();
  requested.clear();
}

/** The enabled languages, English first, as schema locales ("en", "es", "pt-BR"). */
export function searchLanguages(): readonly string[] {
  return enabled;
}

/** Pure: a language's lexicon from its translated presets, for the kinds the taxonomy has. */
export function buildKindLexicon(language: string, presets: Partial<Record<string, { name?: string; aliases?: string | string[]; terms?: string | string[] }>>): KindLexicon {
  const { kinds } = categoryTaxonomy();
  const names = new Map<string, string[]>();
  const terms = new Map<string, string[]>();
  const nameWords = new Set<string>();
  const termWords = new Set<string>();
  const wordsOf = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((word) => [word, foldAccents(word)]);
  for (const key of kinds.keys()) {
    const text = presets[key];
    if (!text) continue;
    for (const name of [...listOf(text.name), ...listOf(text.aliases)]) {
      addTo(names, name, key);
      // As written and without accents: people type "cafeteria" for "cafetería".
      for (const word of wordsOf(name)) nameWords.add(word);
    }
    for (const term of listOf(text.terms)) {
      addTo(terms, term, key);
      for (const word of wordsOf(term)) termWords.add(word);
    }
  }
  const maxPhraseWords = Math.max(1, ...[...names.keys(), ...terms.keys()].map((phrase) => phrase.split(' ').length));
  return { language, names, terms, nameWords, termWords, maxPhraseWords };
}

function readLexicon(locale: string): KindLexicon {
  const file = JSON.parse(readFileSync(translationFile(locale), 'utf8')) as PresetTranslations;
  return buildKindLexicon(locale, file[locale]?.presets?.presets ?? {});
}

/**
 * The lexicon of a language other than English (a schema locale), read on first use; undefined for
 * English or a locale the schema does not have. Enabled languages stay loaded; others are kept
 * while among the MAX_REQUESTED most recently asked for.
 */
export function kindLexicon(locale: string): KindLexicon | undefined {
  if (locale === 'en') return undefined;
  const kept = lexicons.get(locale);
  if (kept) return kept;
  if (enabled.includes(locale)) {
    const lexicon = readLexicon(locale);
    lexicons.set(locale, lexicon);
    return lexicon;
  }
  const recent = requested.get(locale);
  if (recent) {
    requested.delete(locale);
    requested.set(locale, recent);
    return recent;
  }
  if (!existsSync(translationFile(locale))) return undefined;
  const lexicon = readLexicon(locale);
  requested.set(locale, lexicon);
  if (requested.size > MAX_REQUESTED) requested.delete(requested.keys().next().value as string);
  return lexicon;
}

/** The enabled languages' lexicons but English's, each read on first use. */
export function enabledLexicons(): KindLexicon[] {
  return enabled.flatMap((locale) => kindLexicon(locale) ?? []);
}

/**
 * The caller's language from an Accept-Language header (RFC 9110: tags with q weights), as a
 * schema locale: the first one, by weight, the schema has words for; undefined for none, "*" or a
 * header too long to be a real one.
 */
export function acceptedLanguage(header: string | undefined): string | undefined {
  if (!header || header.length > 512) return undefined;
  const ranked = header
    .split(',')
    .map((part, position) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), position };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  for (const { tag } of ranked.slice(0, 8)) {
    const locale = schemaLocale(tag);
    if (locale) return locale.startsWith('en') ? 'en' : locale;
  }
  return undefined;
}
