// The category taxonomy: the OpenStreetMap tagging schema's presets (@openstreetmap/id-tagging-schema,
// the one the iD editor uses; keys such as amenity/dentist, shop/coffee, craft/plumber, each with an
// English name, aliases and search terms), the kinds of business among them, plus our additions
// (categoryAdditions.json: US words the schema lacks). Read once, on first use, and indexed by
// phrase (categoryPhrase.ts), so every lookup is a Map read.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import additions from './categoryAdditions.json';
import { categoryPhrase } from './categoryPhrase';

export interface CategoryKind {
  /** The preset's id, e.g. "amenity/restaurant/pizza". */
  key: string;
  /** The English (US) name, e.g. "Pizza Restaurant". */
  name: string;
  /** The broader kind ("amenity/restaurant"), when the taxonomy has one. */
  parent?: string;
  /** Kinds a sentence naming this one also accepts (our additions). */
  related: string[];
  /** The preset is one the editor offers in its search; false for generic or superseded ones. */
  searchable: boolean;
}

export interface CategoryTaxonomy {
  /** "id-tagging-schema@7.2.0+additions.3": stored beside the keys a profile got from it. */
  version: string;
  kinds: ReadonlyMap<string, CategoryKind>;
  /** Names and aliases (and our names) by phrase: the kinds a phrase names. */
  names: ReadonlyMap<string, readonly string[]>;
  /** Owners' labels that mean a kind but do not name it in a sentence ("coffee"). */
  labels: ReadonlyMap<string, readonly string[]>;
  /** Search terms by phrase: the kinds a phrase implies. */
  terms: ReadonlyMap<string, readonly string[]>;
  /** Words our additions made plain words (termKinds []: "vegan", "pet"): English words that imply no kind. */
  plainTerms: ReadonlySet<string>;
  /** The longest phrase in words, names and terms alike (a parser's look-ahead). */
  maxPhraseWords: number;
}

/** What the schema's files hold, as far as we read them. */
export interface PresetSource {
  tags?: Record<string, string>;
  geometry?: string[];
  searchable?: boolean;
}
export interface PresetText {
  name?: string;
  aliases?: string | string[];
  terms?: string | string[];
}
interface KindAdditions {
  names?: string[];
  labels?: string[];
  terms?: string[];
  dropTerms?: string[];
  related?: string[];
}
export interface TaxonomyAdditions {
  version: number;
  exclude: string[];
  /** Search term -> the kinds it implies, replacing what the schema's terms say. */
  termKinds?: Record<string, string[]>;
  parents: Record<string, string>;
  kinds: Record<string, KindAdditions>;
}

/** Top-level keys whose presets are places people do business with. */
const BUSINESS_KEYS = new Set(['amenity', 'shop', 'craft', 'office', 'healthcare', 'leisure', 'tourism']);

function isBusinessPreset(key: string, preset: PresetSource, exclude: readonly string[]): boolean {
  const parts = key.split('/');
  if (parts.length < 2 || !BUSINESS_KEYS.has(parts[0]) || parts[1] === 'yes') return false;
  if (!(preset.geometry ?? []).some((shape) => shape === 'point' || shape === 'area')) return false;
  return !exclude.some((prefix) => key === prefix || key.startsWith(`${prefix}/`));
}

/** "Gym / Fitness Center" names two things; aliases and terms come as lists (or newline-separated text). */
export function listOf(text: string | string[] | undefined): string[] {
  const items = Array.isArray(text) ? text : (text ?? '').split(/\n|,/);
  return items.flatMap((item) => item.split(' / ')).map((part) => part.trim()).filter(Boolean);
}

/** Files `key` under the phrase of `text` (categoryPhrase.ts). */
export function addTo(map: Map<string, string[]>, text: string, key: string): void {
  const phrase = categoryPhrase(text);
  if (phrase === '') return;
  const keys = map.get(phrase) ?? [];
  if (!keys.includes(key)) keys.push(key);
  map.set(phrase, keys);
}

/** Pure: the taxonomy from the schema's presets, their English text and our additions. */
export function buildTaxonomy(
  presets: Record<string, PresetSource>,
  text: Partial<Record<string, PresetText>>,
  extra: TaxonomyAdditions,
  schemaVersion: string,
): CategoryTaxonomy {
  const kinds = new Map<string, CategoryKind>();
  for (const [key, preset] of Object.entries(presets)) {
    const name = text[key]?.name;
    if (!name || !isBusinessPreset(key, preset, extra.exclude)) continue;
    kinds.set(key, { key, name, related: [], searchable: preset.searchable !== false });
  }
  for (const kind of kinds.values()) {
    const stated = extra.parents[kind.key];
    if (stated && kinds.has(stated)) kind.parent = stated;
    else {
      const parts = kind.key.split('/');
      for (let length = parts.length - 1; length >= 2 && !kind.parent; length--) {
        const candidate = parts.slice(0, length).join('/');
        if (kinds.has(candidate)) kind.parent = candidate;
      }
    }
  }
  const names = new Map<string, string[]>();
  const labels = new Map<string, string[]>();
  const terms = new Map<string, string[]>();
  for (const kind of kinds.values()) {
    const own = extra.kinds[kind.key] ?? {};
    kind.related = (own.related ?? []).filter((key) => kinds.has(key));
    for (const name of [...listOf(text[kind.key]?.name), ...listOf(text[kind.key]?.aliases), ...(own.names ?? [])]) addTo(names, name, kind.key);
    for (const label of own.labels ?? []) addTo(labels, label, kind.key);
    const dropped = new Set((own.dropTerms ?? []).map(categoryPhrase));
    for (const term of [...listOf(text[kind.key]?.terms), ...(own.terms ?? [])]) {
      if (!dropped.has(categoryPhrase(term))) addTo(terms, term, kind.key);
    }
  }
  const plainTerms = new Set<string>();
  for (const [term, keys] of Object.entries(extra.termKinds ?? {})) {
    const known = keys.filter((key) => kinds.has(key));
    if (known.length > 0) terms.set(categoryPhrase(term), known);
    else {
      terms.delete(categoryPhrase(term));
      plainTerms.add(categoryPhrase(term));
    }
  }
  const maxPhraseWords = Math.max(...[...names.keys(), ...terms.keys()].map((phrase) => phrase.split(' ').length));
  return { version: `id-tagging-schema@${schemaVersion}+additions.${extra.version}`, kinds, names, labels, terms, plainTerms, maxPhraseWords };
}

let loaded: CategoryTaxonomy | undefined;

const schemaRoot = (): string => dirname(require.resolve('@openstreetmap/id-tagging-schema/package.json'));

/** A file of the installed schema package, by its path in the package ("dist/presets.min.json"). */
export function schemaFilePath(path: string): string {
  return join(schemaRoot(), path);
}

/** One locale's preset names and terms in the schema's translations ("es", "pt-BR"), as the file holds them. */
export type PresetTranslations = Partial<Record<string, { presets?: { presets?: Partial<Record<string, PresetText>> } }>>;

/** The taxonomy from the installed schema package and our additions; read on first use, then kept. */
export function categoryTaxonomy(): CategoryTaxonomy {
  if (loaded) return loaded;
  const read = <T>(path: string): T => JSON.parse(readFileSync(schemaFilePath(path), 'utf8')) as T;
  const { version } = read<{ version: string }>('package.json');
  const presets = read<Record<string, PresetSource>>('dist/presets.min.json');
  const english = read<PresetTranslations>('dist/translations/en.min.json').en!.presets?.presets ?? {};
  // American names where they differ ("Strip Club"); the rest is the same English.
  const american = read<PresetTranslations>('dist/translations/en-US.min.json')['en-US']?.presets?.presets ?? {};
  const text: Partial<Record<string, PresetText>> = { ...english };
  for (const [key, names] of Object.entries(american)) text[key] = { ...english[key], ...names };
  loaded = buildTaxonomy(presets, text, additions as TaxonomyAdditions, version);
  return loaded;
}

/** The version of the taxonomy this build uses (see CategoryTaxonomy.version). */
export function taxonomyVersion(): string {
  return categoryTaxonomy().version;
}

/** The kind and its broader kinds, most specific first: amenity/restaurant/pizza, amenity/restaurant. */
export function withBroaderKinds(keys: readonly string[]): string[] {
  const { kinds } = categoryTaxonomy();
  const out: string[] = [];
  for (const key of keys) {
    for (let at: string | undefined = key; at !== undefined && !out.includes(at); at = kinds.get(at)?.parent) out.push(at);
  }
  return out;
}

/** The English name of a kind ("Dentist"), or the key itself when the taxonomy does not know it. */
export function kindName(key: string): string {
  return categoryTaxonomy().kinds.get(key)?.name ?? key;
}
