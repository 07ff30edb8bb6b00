// In-process sessions: a Map kept in recency order (a re-inserted key moves to the end), so the
// first key is always the least recently used one to evict. Expiry is checked lazily on access.
import {
  keepHeaviest,
  normalizeSessionLabels,
  SESSION_LIMITS,
  SESSION_TTL_SECONDS,
  SESSION_WEIGHTS,
  type SessionProfile,
} from '../../domain/sessionProfile';
import type { SessionStore } from '../../ports/sessionStore';

export interface LruSessionStoreOptions {
  /** Most sessions kept at once; the least recently used goes first. */
  maxEntries?: number;
  ttlSeconds?: number;
  /** Milliseconds since the epoch; tests pass a clock they control. */
  now?: () => number;
}

interface SessionEntry {
  categories: Map<string, number>;
  terms: Map<string, number>;
  /** businessId -> { category, viewedAtMs }, in view order (latest last). */
  viewed: Map<string, { category: string; viewedAtMs: number }>;
  expiresAtMs: number;
}

export function createLruSessionStore(options: LruSessionStoreOptions = {}): SessionStore {
  const maxEntries = options.maxEntries ?? 10_000;
  const ttlMs = (options.ttlSeconds ?? SESSION_TTL_SECONDS) * 1000;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, SessionEntry>();

  /** The live entry, moved to the most-recent end with its expiry slid; undefined when absent or expired. */
  function touch(sessionId: string): SessionEntry | undefined {
    const entry = sessions.get(sessionId);
    if (!entry) return undefined;
    sessions.delete(sessionId);
    if (entry.expiresAtMs <= now()) return undefined;
    entry.expiresAtMs = now() + ttlMs;
    sessions.set(sessionId, entry);
    return entry;
  }

  function touchOrCreate(sessionId: string): SessionEntry {
    const existing = touch(sessionId);
    if (existing) return existing;
    const entry: SessionEntry = { categories: new Map(), terms: new Map(), viewed: new Map(), expiresAtMs: now() + ttlMs };
    sessions.set(sessionId, entry);
    while (sessions.size > maxEntries) {
      const oldest = sessions.keys().next().value as string;
      sessions.delete(oldest);
    }
    return entry;
  }

  function add(weights: Map<string, number>, label: string, weight: number): void {
    weights.set(label, (weights.get(label) ?? 0) + weight);
  }

  return {
    async get(sessionId) {
      const entry = touch(sessionId);
      if (!entry) return null;
      const profile: SessionProfile = {
        categories: Object.fromEntries(entry.categories),
        terms: Object.fromEntries(entry.terms),
        viewed: [...entry.viewed.entries()]
          .reverse()
          .map(([businessId, view]) => ({ businessId, category: view.category, viewedAt: new Date(view.viewedAtMs).toISOString() })),
      };
      return profile;
    },

    async recordSearch(sessionId, signals) {
      const entry = touchOrCreate(sessionId);
      for (const category of normalizeSessionLabels(signals.categories)) add(entry.categories, category, SESSION_WEIGHTS.searchedCategory);
      for (const term of normalizeSessionLabels(signals.terms)) add(entry.terms, term, SESSION_WEIGHTS.searchedTerm);
      keepHeaviest(entry.categories, SESSION_LIMITS.categories);
      keepHeaviest(entry.terms, SESSION_LIMITS.terms);
    },

    async recordView(sessionId, businessId, category) {
      const entry = touchOrCreate(sessionId);
      const [label = ''] = normalizeSessionLabels([category]);
      entry.viewed.delete(businessId);
      entry.viewed.set(businessId, { category: label, viewedAtMs: now() });
      while (entry.viewed.size > SESSION_LIMITS.viewed) {
        entry.viewed.delete(entry.viewed.keys().next().value as string);
      }
      if (label) {
        add(entry.categories, label, SESSION_WEIGHTS.viewedCategory);
        keepHeaviest(entry.categories, SESSION_LIMITS.categories);
      }
    },
  };
}
