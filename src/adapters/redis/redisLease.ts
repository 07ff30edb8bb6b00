// Leases in Redis: the key holds the holder's id with a TTL (SET NX PX takes it; a script renews
// or frees it only while it is still this holder's, so a lapsed holder cannot take back or free
// a lease another took meanwhile).
import type Redis from 'ioredis';
import type { LeaseFactory } from '../../ports/lease';
import { unavailableWhenFailing } from './unavailableWhenFailing';

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export function redisLeases(options: { redis: Redis; ttlMs: number; keyPrefix?: string }): LeaseFactory {
  const { redis, ttlMs } = options;
  const prefix = options.keyPrefix ?? 'lease:';
  const guarded = unavailableWhenFailing('The lease store is not available');
  return (name, holder) => {
    const key = prefix + name;
    return {
      hold: () =>
        guarded(async () => {
          if ((await redis.eval(RENEW, 1, key, holder, ttlMs)) === 1) return true;
          return (await redis.set(key, holder, 'PX', ttlMs, 'NX')) === 'OK';
        }),
      release: () =>
        guarded(async () => {
          await redis.eval(RELEASE, 1, key, holder);
        }),
    };
  };
}
