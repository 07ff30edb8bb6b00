// Combines a language model's intent with the rules' intent. The model's answer wins
// field by field, but only with values we can use: categories must map to our canonical
// list (anything else becomes a service term, so a made-up category cannot filter every
// result away), states become postal abbreviations, known cities get their usual
// spelling. Whatever the model left out, the rules keep. The model's categories only widen the
// search (they are inferred): which categories the sentence named, and so filter, is the rules'
// reading of the words typed (`namedCategories`), which the model is not asked about.
import { matchCategoryWords } from './categoryWords';
import type { SearchIntent } from './intent';
import { findUsCity } from './usCities';
import { stateAbbreviation } from './usStates';

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  const out: Partial<T> = {};
  if (!value) return out;
  for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null && v !== '') (out as Record<string, unknown>)[k] = v;
  return out;
}

function mergeObject<T extends object>(rules: T | undefined, llm: T | undefined): T | undefined {
  const merged = { ...definedOnly(rules), ...definedOnly(llm) } as T;
  return Object.keys(merged).length > 0 ? merged : undefined;
}

function uniqueLower(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim().toLowerCase()).filter(Boolean))];
}

function normalisePlace(place: SearchIntent['place']): SearchIntent['place'] {
  if (!place) return undefined;
  const out = definedOnly(place);
  if (out.state) out.state = stateAbbreviation(out.state) ?? out.state.trim();
  if (out.city) {
    const city = findUsCity(out.city, out.state) ?? (out.state ? undefined : findUsCity(out.city));
    out.city = city?.name ?? out.city.trim();
    if (city && !out.state) out.state = city.state;
  }
  return out;
}

export function mergeIntents(rules: SearchIntent, llm: SearchIntent): SearchIntent {
  const categories: string[] = [];
  const serviceTerms = uniqueLower(llm.serviceTerms);
  // The model names kinds in its own words ("dentist", "coffee shop"); the taxonomy gives their keys.
  for (const raw of uniqueLower(llm.categories)) {
    const kinds = matchCategoryWords(raw, rules.language)?.keys ?? [];
    for (const key of kinds) if (!categories.includes(key)) categories.push(key);
    if (kinds.length === 0 && !serviceTerms.includes(raw)) serviceTerms.push(raw);
  }
  const terms = uniqueLower(llm.terms);
  const merged: SearchIntent = {
    terms: terms.length > 0 ? terms : rules.terms,
    categories: categories.length > 0 ? categories : rules.categories,
    serviceTerms: serviceTerms.length > 0 ? serviceTerms : rules.serviceTerms,
  };
  const place = mergeObject(rules.place, normalisePlace(llm.place));
  const when = mergeObject(rules.when, llm.when);
  const price = mergeObject(rules.price, llm.price);
  const quality = mergeObject(rules.quality, llm.quality);
  // The model is not asked about these: the rules' reading stands.
  if (rules.nearby) merged.nearby = true;
  if (rules.categoryWords) merged.categoryWords = rules.categoryWords;
  if (rules.namedCategories) merged.namedCategories = rules.namedCategories;
  if (rules.language) merged.language = rules.language;
  if (place) merged.place = place;
  if (when) merged.when = when;
  if (price) merged.price = price;
  if (quality) merged.quality = quality;
  return merged;
}
