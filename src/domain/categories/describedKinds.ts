// The kinds of business a profile's own words describe, for a business whose label names no kind
// ("home-services" that offers "water heater repair, leaking pipes, fixtures and small home
// repairs" does a plumber's work). Read from the taxonomy's data, not from a list of our own: a
// kind counts when at least MIN_PHRASES different names or search terms of it, each meaning that
// kind alone, appear in the description, tagline or services. One stray word ("cleaning") is not
// enough to say what a business is.
import { categoryPhrase } from './categoryPhrase';
import { categoryTaxonomy } from './taxonomy';

const MIN_PHRASES = 2;

/** The kind a phrase means when it means one: a name, or a search term of exactly one searchable kind. */
function soleKind(phrase: string): string | undefined {
  const { names, terms, kinds } = categoryTaxonomy();
  for (const keys of [names.get(phrase), terms.get(phrase)]) {
    const searchable = (keys ?? []).filter((key) => kinds.get(key)?.searchable);
    if (searchable.length === 1) return searchable[0];
  }
  return undefined;
}

/** Pure: the kinds `texts` describe, most phrases first. */
export function describedKinds(texts: readonly string[]): string[] {
  const { maxPhraseWords } = categoryTaxonomy();
  const phrasesByKind = new Map<string, Set<string>>();
  for (const text of texts) {
    // Phrase by phrase: "leaking pipes, fixtures" never joins "pipes" and "fixtures".
    for (const part of text.split(/[,.;:!?()\n/]+/)) {
      const words = categoryPhrase(part).split(' ').filter(Boolean);
      for (let start = 0; start < words.length; start++) {
        for (let length = Math.min(maxPhraseWords, words.length - start); length >= 1; length--) {
          const phrase = words.slice(start, start + length).join(' ');
          const kind = soleKind(phrase);
          if (!kind) continue;
          phrasesByKind.set(kind, (phrasesByKind.get(kind) ?? new Set()).add(phrase));
          break;
        }
      }
    }
  }
  return [...phrasesByKind.entries()]
    .filter(([, phrases]) => phrases.size >= MIN_PHRASES)
    .sort((a, b) => b[1].size - a[1].size)
    .map(([kind]) => kind);
}

/** What a business is: the kinds its label names, or else the kinds its own words describe. */
export function businessKinds(labelKeys: readonly string[], texts: readonly string[]): string[] {
  return labelKeys.length > 0 ? [...labelKeys] : describedKinds(texts);
}

/** A profile's own words, as describedKinds reads them: description, tagline, services. */
export function profileTexts(profile: { description?: string; tagline?: string; services?: ReadonlyArray<{ name: string; category?: string; description?: string }> }): string[] {
  return [profile.description ?? '', profile.tagline ?? '', ...(profile.services ?? []).map((service) => [service.name, service.category, service.description].filter(Boolean).join(', '))];
}
