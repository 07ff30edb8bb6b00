// A small expiring cache for derived values (the search summary cache). Adapters:
// adapters/memory/memoryCache (bounded LRU) and adapters/redis/redisCache (shared by instances).
// Values must survive JSON: they are copied in and out, never shared by reference.
// A cache is an optimisation: adapters answer a miss rather than fail when their engine is down.
export interface Cache<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T, ttlSeconds: number): Promise<void>;
}
