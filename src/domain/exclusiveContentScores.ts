// Scores for a business's exclusive content (spec 2.6). Deterministic: same input,
// same score, no model involved, so owners can see why a change moved the number.
//
// visibilityScore(content), integer 0..100:
//   For each of the four fields (insiderTips, localSecrets, behindTheScenes, sustainabilityPractices),
//   with n = word count:
//     length      L = (1 - e^(-n/20)) * min(1, n/8)          diminishing returns; < 8 words earn little
//     specificity S = clamp(0.5 + 2.5*specific/n - 4*generic/n, 0, 1)
//                 specific = numbers and times (each 1) + capitalised names not opening a sentence (1)
//                            + concrete nouns from a fixed list (0.5)
//                 generic  = marketing words from a fixed list ("best", "amazing", "world-class", ...)
//     field       F = L * (0.25 + 0.75*S)
//   coverage C = (fields with >= 8 words) / 4
//   visibility = round(100 * (0.25*C + 0.75 * (sum of F) / 4))
//
// uniquenessScore(text, others), integer 0..100:
//   Normalise (lower-case, accents folded, punctuation removed, light suffix stemming).
//   similarity(a, b) = max( Jaccard of word 3-gram shingles, cosine of content-word counts (stop words removed) )
//   uniqueness = round(100 * (1 - max similarity over others)); 100 with no others; 0 for an empty text.
//   A copy scores ~0; a paraphrase keeps content words but not word order, so it lands in between.

import type { ExclusiveContent } from './profile';

export const EXCLUSIVE_FIELDS = ['insiderTips', 'localSecrets', 'behindTheScenes', 'sustainabilityPractices'] as const;

/** Shown in OpenAPI next to the exclusive-content result. */
export const EXCLUSIVE_SCORES_FORMULA =
  'visibilityScore = round(100 * (0.25*C + 0.75*mean(F))) where, per field with n words, ' +
  'F = (1 - e^(-n/20)) * min(1, n/8) * (0.25 + 0.75*S), S = clamp(0.5 + 2.5*specific/n - 4*generic/n, 0, 1) ' +
  '(specific: numbers, times, capitalised names, concrete nouns; generic: marketing words such as "best", "amazing"), ' +
  'C = share of the four fields with at least 8 words. uniquenessScore = round(100 * (1 - max similarity)) ' +
  "against other businesses' exclusive content in the same category, similarity = max(Jaccard of word 3-grams, " +
  'cosine of content-word counts); 100 when there is nothing to compare with.';

const GENERIC_WORDS = new Set([
  'best', 'amazing', 'awesome', 'world-class', 'quality', 'high-quality', 'top-quality', 'passionate',
  'passion', 'excellent', 'excellence', 'great', 'unique', 'premium', 'exceptional', 'outstanding',
  'incredible', 'fantastic', 'perfect', 'superior', 'top-notch', 'leading', 'innovative', 'exquisite',
  'unparalleled', 'unbeatable', 'unforgettable', 'wonderful', 'experience', 'dedicated', 'committed',
  'customer-focused', 'state-of-the-art', 'cutting-edge', 'luxury', 'ultimate', 'finest', 'stunning',
  'beautiful', 'trusted', 'satisfaction', 'solutions', 'superb', 'delightful', 'memorable', 'authentic',
  'love', 'loved', 'care', 'friendly', 'professional', 'top', 'vibrant', 'seamless',
]);

/** Things a reader could point at; a rough stand-in for "concrete detail" without a tagger. */
const CONCRETE_NOUNS = new Set([
  'oven', 'kitchen', 'patio', 'window', 'table', 'counter', 'menu', 'recipe', 'farm', 'farmer', 'market',
  'street', 'corner', 'alley', 'garden', 'rooftop', 'roof', 'cellar', 'basement', 'booth', 'door',
  'parking', 'bike', 'compost', 'solar', 'panel', 'water', 'bottle', 'glass', 'cup', 'bean', 'bread',
  'dough', 'flour', 'sourdough', 'espresso', 'wine', 'beer', 'tap', 'grill', 'wood', 'brick', 'chef',
  'owner', 'ingredient', 'supplier', 'delivery', 'morning', 'evening', 'weekend', 'hour', 'minute',
  'mile', 'block', 'neighborhood', 'neighbourhood', 'river', 'park', 'station', 'packaging',
  'container', 'recycling', 'waste', 'energy', 'batch', 'shelf', 'seat', 'stool', 'terrace', 'bakery',
  'roaster', 'press', 'vineyard', 'orchard', 'truck', 'van', 'tool', 'machine', 'fabric', 'leather',
  'stone', 'tile', 'lamp', 'mural', 'staircase', 'courtyard', 'pier', 'bridge', 'trail', 'dock',
]);

const STOP_WORDS = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'of', 'to', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'is',
  'are', 'was', 'were', 'be', 'been', 'it', 'its', 'this', 'that', 'these', 'those', 'we', 'our', 'us',
  'you', 'your', 'they', 'their', 'i', 'my', 'as', 'so', 'if', 'than', 'then', 'there', 'here', 'all',
  'any', 'every', 'each', 'not', 'no', 'do', 'does', 'did', 'have', 'has', 'had', 'can', 'will', 'just',
  'about', 'into', 'out', 'up', 'what', 'which', 'who', 'when', 'where', 'how', 'also', 'very', 'more',
]);

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

function rawWords(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’:$.\-]*/gu)?.map((w) => w.replace(/[.\-'’:]+$/u, '')) ?? [];
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

function fieldScore(text: string): { score: number; words: number } {
  // "World class" written as two words is still the cliché.
  const source = text.replace(/world\s+class/gi, 'world-class').replace(/state\s+of\s+the\s+art/gi, 'state-of-the-art');
  const words = rawWords(source);
  const n = words.length;
  if (n === 0) return { score: 0, words: 0 };
  let specific = 0;
  let generic = 0;
  // Sentence starts are capitalised anyway; only mid-sentence capitals suggest a name.
  const sentenceStarts = new Set<number>();
  let offset = 0;
  const starts = [...source.matchAll(/(^|[.!?]\s+|\n\s*)([\p{L}\p{N}])/gu)].map((m) => m.index + m[1].length);
  for (const s of starts) sentenceStarts.add(s);
  for (const word of words) {
    const at = source.indexOf(word, offset);
    offset = at + word.length;
    const lower = word.toLowerCase();
    if (/\d/.test(word) || /^(noon|midnight)$/i.test(word)) specific += 1;
    else if (/^\p{Lu}/u.test(word) && !sentenceStarts.has(at) && word !== 'I') specific += 1;
    else if (CONCRETE_NOUNS.has(singular(lower))) specific += 0.5;
    if (GENERIC_WORDS.has(lower)) generic += 1;
  }
  const length = (1 - Math.exp(-n / 20)) * Math.min(1, n / 8);
  const specificity = clamp01(0.5 + (2.5 * specific) / n - (4 * generic) / n);
  return { score: length * (0.25 + 0.75 * specificity), words: n };
}

export function visibilityScore(content: ExclusiveContent): number {
  let covered = 0;
  let sum = 0;
  for (const field of EXCLUSIVE_FIELDS) {
    const value = content[field];
    if (typeof value !== 'string') continue;
    const { score, words } = fieldScore(value);
    if (words >= 8) covered += 1;
    sum += score;
  }
  return Math.round(100 * clamp01(0.25 * (covered / 4) + 0.75 * (sum / 4)));
}

/** The four fields as one text, the input of uniquenessScore. */
export function exclusiveText(content: ExclusiveContent): string {
  return EXCLUSIVE_FIELDS.map((f) => content[f] ?? '').filter((s) => s.trim()).join('\n');
}

function stem(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  }
  return word;
}

interface TextProfile {
  shingles: Set<string>;
  counts: Map<string, number>;
  norm: number;
}

function profileOf(text: string): TextProfile {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem);
  const shingles = new Set<string>();
  if (words.length < 3) words.forEach((w) => shingles.add(w));
  for (let i = 0; i + 3 <= words.length; i += 1) shingles.add(words.slice(i, i + 3).join(' '));
  const counts = new Map<string, number>();
  for (const w of words) if (!STOP_WORDS.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  let norm = 0;
  for (const c of counts.values()) norm += c * c;
  return { shingles, counts, norm: Math.sqrt(norm) };
}

function similarity(a: TextProfile, b: TextProfile): number {
  let shared = 0;
  for (const s of a.shingles) if (b.shingles.has(s)) shared += 1;
  const union = a.shingles.size + b.shingles.size - shared;
  const jaccard = union === 0 ? 0 : shared / union;
  let dot = 0;
  for (const [w, c] of a.counts) dot += c * (b.counts.get(w) ?? 0);
  const cosine = a.norm === 0 || b.norm === 0 ? 0 : dot / (a.norm * b.norm);
  return Math.max(jaccard, cosine);
}

export function uniquenessScore(text: string, others: string[]): number {
  const mine = profileOf(text);
  if (mine.shingles.size === 0) return 0;
  let highest = 0;
  for (const other of others) {
    if (!other) continue;
    highest = Math.max(highest, similarity(mine, profileOf(other)));
    if (highest >= 1) break;
  }
  return Math.round(100 * clamp01(1 - highest));
}
