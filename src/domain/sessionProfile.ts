// What a personalisation session remembers: weighted categories, searched terms and the
// businesses viewed. Sizes are bounded so a long-lived or abusive session cannot grow without end;
// when a bound is hit the lightest entries go (ties: the alphabetically first, which is also the
// order Redis sorted sets trim in, so every adapter keeps the same entries).

export interface ViewedBusiness {
  businessId: string;
  category: string;
  /** ISO 8601 time of the latest view. */
  viewedAt: string;
}

export interface SessionProfile {
  /** Category -> weight: each search naming it adds `searchedCategory`, each view `viewedCategory`. */
  categories: Record<string, number>;
  /** Search term -> number of searches that used it. */
  terms: Record<string, number>;
  /** Newest first, one entry per business. */
  viewed: ViewedBusiness[];
}

export interface SearchSignals {
  categories: string[];
  terms: string[];
}

/** Sliding expiry: every read or write pushes the end of the session 30 minutes out. */
export const SESSION_TTL_SECONDS = 30 * 60;

export const SESSION_LIMITS = { categories: 50, terms: 100, viewed: 50, labelLength: 100 } as const;

/** A view says more about intent than a search that merely mentioned a category. */
export const SESSION_WEIGHTS = { searchedCategory: 1, viewedCategory: 2, searchedTerm: 1 } as const;

/** Lower-cased, trimmed, capped in length, empty ones dropped, each once per call. */
export function normalizeSessionLabels(values: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const label = value.trim().toLowerCase().slice(0, SESSION_LIMITS.labelLength);
    if (label !== '') seen.add(label);
  }
  return [...seen];
}

/** Keeps the `limit` heaviest entries; among equal weights the alphabetically later ones stay. */
export function keepHeaviest(weights: Map<string, number>, limit: number): void {
  if (weights.size <= limit) return;
  const lightestFirst = [...weights.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [label] of lightestFirst.slice(0, weights.size - limit)) weights.delete(label);
}

export function emptySessionProfile(): SessionProfile {
  return { categories: {}, terms: {}, viewed: [] };
}
