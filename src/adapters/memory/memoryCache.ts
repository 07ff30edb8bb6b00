// In-process cache: bounded LRU with per-entry expiry. Values are stored as JSON text so callers
// get copies, exactly as from the Redis adapter.
import type { Cache } from '../../ports/cache';

export interface MemoryCacheOptions {
  maxEntries?: number;
  now?: () => number;
}

export function createMemoryCache<T>(options: MemoryCacheOptions = {}): Cache<T> {
  const maxEntries = options.maxEntries ?? 1_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { json: string; expiresAtMs: number }>();

  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAtMs <= now()) return undefined;
      entries.set(key, entry); // most recently used goes last
      return JSON.parse(entry.json) as T;
    },
    async set(key, value, ttlSeconds) {
      entries.delete(key);
      if (ttlSeconds <= 0) return;
      entries.set(key, { json: JSON.stringify(value), expiresAtMs: now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
  };
}
