// Grounding check for a generated summary: it may only name businesses that are in the
// results. Two tests, either one failing rejects the summary:
//  1. Known names: no business of the candidate set that is not among the returned
//     results may appear (matched after the returned names are cut out, so "Green Leaf"
//     inside "Green Leaf Kitchen" is not a false alarm).
//  2. Capitalised phrases: every capitalised word must be explained - part of a returned
//     name, the query or the facts we gave the model, a US city or state, a day or month,
//     a common sentence opener, or a word the summary also uses in lower case. Anything
//     else looks like a proper name we did not supply ("Joe's Pizza Palace").
// Limits: a made-up name written in lower case, or made only of explained words, passes;
// invented facts about a returned business (a wrong rating) are not detected. The check
// errs towards rejecting (an unusual capitalised word fails it); rejection only means the
// deterministic template is used, which is always safe.
import { categoryTaxonomy } from '../categories/taxonomy';
import { majorUsCities } from './usCities';
import { usStates } from './usStates';
import { WEEKDAYS } from '../profile';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october',
  'november', 'december'];
const SENTENCE_OPENERS = `the this these those here there for if all both each try you your it its they their we
  our a an in on at with also note located open rated found top best great most many some several another other
  either neither when while whether looking need consider check visit head start enjoy just only overall plus
  meanwhile however alternatively finally first second third next then lastly nearby close that what which who
  where why how since because as after before based among unfortunately sadly sorry no yes of so and but or
  is are if i ok am pm usa us highly well not nothing none options recommended picks pick whatever whichever
  unlike compared otherwise additionally instead perfect ideal good excellent popular`.split(/\s+/);

let baseVocabulary: ReadonlySet<string> | undefined;

/** Words any summary may use: openers, dates, places, and the taxonomy's kinds (built on first use). */
function baseWords(): ReadonlySet<string> {
  if (baseVocabulary) return baseVocabulary;
  const taxonomy = categoryTaxonomy();
  baseVocabulary = new Set([
    ...SENTENCE_OPENERS,
    ...MONTHS,
    ...WEEKDAYS,
    ...majorUsCities().flatMap((c) => words(c.name)),
    ...usStates().flatMap(([name, abbr]) => [...words(name), abbr.toLowerCase()]),
    ...[...taxonomy.kinds.values()].flatMap((kind) => words(kind.name)),
    ...[...taxonomy.names.keys(), ...taxonomy.terms.keys()].flatMap(words),
  ]);
  return baseVocabulary;
}

function words(text: string): string[] {
  return (normalise(text).match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w);
}

/** Lower case, straight quotes, "&" as "and", punctuation as spaces, single spaces. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/&/g, ' and ')
    .replace(/'s\b/g, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function containsPhrase(haystack: string, phrase: string): boolean {
  return phrase.length > 0 && ` ${haystack} `.includes(` ${phrase} `);
}

function mentionsOtherKnownName(summary: string, allowed: string[], others: string[]): boolean {
  let rest = ` ${normalise(summary)} `;
  for (const name of [...allowed].map(normalise).sort((a, b) => b.length - a.length)) {
    if (name) rest = rest.split(` ${name} `).join(' \u00b6 ');
  }
  return others.some((name) => name.length >= 3 && containsPhrase(rest, name));
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'\u2019\-]*/gu;

function hasUnexplainedCapitalisedWord(summary: string, vocabulary: Set<string>): boolean {
  const lowerWords = new Set((summary.match(WORD) ?? []).filter((w) => !/^\p{Lu}/u.test(w)).flatMap(words));
  for (const m of summary.matchAll(WORD)) {
    const word = m[0];
    if (!/^\p{Lu}/u.test(word)) continue;
    const before = summary.slice(0, m.index).trimEnd();
    const sentenceStart = before === '' || /[.!?:;\n\-*•(\d]$/.test(before) || /["']$/.test(before);
    for (const part of words(word)) {
      if (vocabulary.has(part) || /^\d+$/.test(part)) continue;
      // A capitalised opener is fine when the summary uses the same word in lower case elsewhere.
      if (sentenceStart && lowerWords.has(part)) continue;
      return true;
    }
  }
  return false;
}

/**
 * True when `summary` names no business outside `allowedNames`.
 * @param allNames names of every candidate business known to the search (may include the allowed ones)
 * @param vocabulary other text the summary may legitimately echo: the query, facts, categories
 */
export function isGrounded(summary: string, allowedNames: string[], allNames: string[], vocabulary: string[] = []): boolean {
  if (!summary.trim()) return false;
  const allowed = new Set(allowedNames.map(normalise));
  const others = [...new Set(allNames.map(normalise))].filter((n) => !allowed.has(n));
  if (mentionsOtherKnownName(summary, allowedNames, others)) return false;
  const known = new Set(baseWords());
  for (const text of [...allowedNames, ...vocabulary]) for (const w of words(text)) known.add(w);
  return !hasUnexplainedCapitalisedWord(summary, known);
}
