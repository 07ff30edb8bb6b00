// personalizationScore: how well a document fits what this session has shown interest in.
//
//   categoryAffinity = w(doc.category) / max_c w(c)
//       w(c) = times category c was searched + times a business of category c was viewed
//   termAffinity     = sum of weights of the session's top terms that the document mentions
//                      / sum of weights of those top terms           (top 10 by weight)
//   score            = 0.4 * categoryAffinity + 0.6 * termAffinity   when the session has both,
//                      otherwise whichever signal it has; 0 for an empty session.
//
// Terms weigh more than categories because a neutral query ("lunch") already narrows the
// category; what sets places apart is the taste the session expressed ("vegan").
import { normalizeKeyword, type SearchDocument } from './searchDocument';
import { createTermMatcher } from './termMatch';

/** What a session remembers (kept by the session store; counts, not booleans). */
export interface SessionProfile {
  categories: Record<string, number>;
  terms: Record<string, number>;
  viewed: Array<{ businessId: string; category: string }>;
}

const TOP_TERMS = 10;
const CATEGORY_SHARE = 0.4;

function categoryWeights(session: SessionProfile): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (category: string, weight: number) => {
    if (!(weight > 0)) return;
    const key = normalizeKeyword(category);
    weights.set(key, (weights.get(key) ?? 0) + weight);
  };
  for (const [category, count] of Object.entries(session.categories)) add(category, count);
  for (const { category } of session.viewed) add(category, 1);
  return weights;
}

function topTerms(session: SessionProfile): Array<[string, number]> {
  const merged = new Map<string, number>();
  for (const [term, weight] of Object.entries(session.terms)) {
    const key = term.trim().toLowerCase();
    if (key && weight > 0) merged.set(key, (merged.get(key) ?? 0) + weight);
  }
  return [...merged]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_TERMS);
}

/**
 * Scores one candidate: its categories (the label as normalizeKeyword gives it, and its taxonomy
 * keys, which searches record), and its document, asked for only when the session has terms to
 * look for in the text.
 */
export type PersonalizationScorer = (categoryKeys: readonly string[], document: () => SearchDocument) => number;

/**
 * Builds a scorer for one session, so a page of documents shares the compiled term
 * patterns. Returns 0..1, rounded to 3 decimals.
 */
export function createPersonalizationScorer(session: SessionProfile | undefined): PersonalizationScorer {
  if (!session) return () => 0;
  const categories = categoryWeights(session);
  const maxCategory = Math.max(0, ...categories.values());
  const terms = topTerms(session);
  const termTotal = terms.reduce((sum, [, w]) => sum + w, 0);
  const termWeight = new Map(terms);
  const matchTerms = createTermMatcher(terms.map(([t]) => t));
  if (maxCategory === 0 && termTotal === 0) return () => 0;

  return (categoryKeys, document) => {
    const weight = Math.max(0, ...categoryKeys.map((key) => categories.get(key) ?? 0));
    const category = maxCategory > 0 ? weight / maxCategory : 0;
    const term = termTotal > 0 ? matchTerms(document()).reduce((sum, t) => sum + (termWeight.get(t) ?? 0), 0) / termTotal : 0;
    let score: number;
    if (maxCategory > 0 && termTotal > 0) score = CATEGORY_SHARE * category + (1 - CATEGORY_SHARE) * term;
    else score = maxCategory > 0 ? category : term;
    return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
  };
}

export function personalizationScore(doc: SearchDocument, session: SessionProfile | undefined): number {
  return createPersonalizationScorer(session)([normalizeKeyword(doc.category), ...(doc.categoryKeys ?? [])], () => doc);
}
