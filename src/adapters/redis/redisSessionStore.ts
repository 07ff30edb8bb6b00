// Sessions in Redis, shared by every API instance. One session is four keys under one hash tag
// (so they live in one cluster slot and one MULTI/script touches them all):
//   {id}:c  sorted set category -> weight      {id}:t  sorted set term -> count
//   {id}:v  sorted set businessId -> view time  {id}:h  hash: touched time, vc:<businessId> -> category
// Sorted sets make the size bounds one ZREMRANGEBYRANK (lowest score first; equal scores drop
// alphabetically first, the same rule as domain/sessionProfile.keepHeaviest). Every call EXPIREs
// all four keys, which is the sliding TTL.
import type Redis from 'ioredis';
import {
  normalizeSessionLabels,
  SESSION_LIMITS,
  SESSION_TTL_SECONDS,
  SESSION_WEIGHTS,
  type SessionProfile,
} from '../../domain/sessionProfile';
import type { SessionStore } from '../../ports/sessionStore';
import { unavailableWhenFailing } from './unavailableWhenFailing';

export interface RedisSessionStoreOptions {
  redis: Redis;
  /** Key prefix; default "session:". */
  keyPrefix?: string;
  ttlSeconds?: number;
  /** Milliseconds since the epoch, for view times. */
  now?: () => number;
}

// A view touches the viewed set, its category hash field and the category weight, and trims the
// viewed set together with the hash fields of the businesses it dropped: a script keeps that atomic.
const RECORD_VIEW_SCRIPT = `
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[3])
redis.call('HSET', KEYS[4], 'touched', ARGV[2], 'vc:' .. ARGV[3], ARGV[4])
local overflow = redis.call('ZCARD', KEYS[3]) - tonumber(ARGV[5])
if overflow > 0 then
  local dropped = redis.call('ZRANGE', KEYS[3], 0, overflow - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[3], 0, overflow - 1)
  for _, id in ipairs(dropped) do redis.call('HDEL', KEYS[4], 'vc:' .. id) end
end
if ARGV[4] ~= '' then
  redis.call('ZINCRBY', KEYS[1], ARGV[7], ARGV[4])
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[6]) + 1))
end
for i = 1, 4 do redis.call('EXPIRE', KEYS[i], ARGV[1]) end
return 1
`;

type ExecResult = [Error | null, unknown][] | null;

function unwrap(results: ExecResult): unknown[] {
  if (!results) throw new Error('transaction aborted');
  return results.map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}

/** ["a", "2", "b", "1"] (WITHSCORES) -> { a: 2, b: 1 } */
function scoresToRecord(flat: unknown): Record<string, number> {
  const list = flat as string[];
  const record: Record<string, number> = {};
  for (let i = 0; i < list.length; i += 2) record[list[i]] = Number(list[i + 1]);
  return record;
}

export function createRedisSessionStore(options: RedisSessionStoreOptions): SessionStore {
  const { redis } = options;
  const prefix = options.keyPrefix ?? 'session:';
  const ttl = options.ttlSeconds ?? SESSION_TTL_SECONDS;
  const now = options.now ?? Date.now;

  function keys(sessionId: string) {
    const base = `${prefix}{${sessionId}}`;
    return { categories: `${base}:c`, terms: `${base}:t`, viewed: `${base}:v`, hash: `${base}:h` };
  }

  // The caller searches on without personalisation.
  const guarded = unavailableWhenFailing('The session store is not available');

  return {
    get: (sessionId) =>
      guarded(async () => {
        const k = keys(sessionId);
        const [categories, terms, viewed, hash] = unwrap(
          await redis
            .multi()
            .zrange(k.categories, 0, '-1', 'WITHSCORES')
            .zrange(k.terms, 0, '-1', 'WITHSCORES')
            .zrevrange(k.viewed, 0, '-1', 'WITHSCORES')
            .hgetall(k.hash)
            .expire(k.categories, ttl)
            .expire(k.terms, ttl)
            .expire(k.viewed, ttl)
            .expire(k.hash, ttl)
            .exec(),
        );
        const fields = hash as Record<string, string>;
        if (Object.keys(fields).length === 0) return null;
        const views = viewed as string[];
        const profile: SessionProfile = {
          categories: scoresToRecord(categories),
          terms: scoresToRecord(terms),
          viewed: [],
        };
        for (let i = 0; i < views.length; i += 2) {
          const businessId = views[i];
          profile.viewed.push({
            businessId,
            category: fields[`vc:${businessId}`] ?? '',
            viewedAt: new Date(Number(views[i + 1])).toISOString(),
          });
        }
        return profile;
      }),

    recordSearch: (sessionId, signals) =>
      guarded(async () => {
        const k = keys(sessionId);
        const tx = redis.multi();
        for (const category of normalizeSessionLabels(signals.categories)) {
          tx.zincrby(k.categories, SESSION_WEIGHTS.searchedCategory, category);
        }
        tx.zremrangebyrank(k.categories, 0, -(SESSION_LIMITS.categories + 1));
        for (const term of normalizeSessionLabels(signals.terms)) tx.zincrby(k.terms, SESSION_WEIGHTS.searchedTerm, term);
        tx.zremrangebyrank(k.terms, 0, -(SESSION_LIMITS.terms + 1));
        tx.hset(k.hash, 'touched', String(now()));
        for (const key of Object.values(k)) tx.expire(key, ttl);
        unwrap(await tx.exec());
      }),

    recordView: (sessionId, businessId, category) =>
      guarded(async () => {
        const k = keys(sessionId);
        const [label = ''] = normalizeSessionLabels([category]);
        await redis.eval(
          RECORD_VIEW_SCRIPT,
          4,
          k.categories,
          k.terms,
          k.viewed,
          k.hash,
          ttl,
          now(),
          businessId,
          label,
          SESSION_LIMITS.viewed,
          SESSION_LIMITS.categories,
          SESSION_WEIGHTS.viewedCategory,
        );
      }),
  };
}
