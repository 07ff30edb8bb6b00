// The search indexer's lease when Redis is configured: several indexers on one store (each API
// instance's in-process one, or `npm run indexer` beside them) then take turns, one indexing and
// the others standing by (indexer/indexer.ts). Renewed every 5 s, lapsed after 15 s: a killed
// indexer's standby takes over within 15 s. Without Redis there is no lease: one process per
// store is the embedded default's shape.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type Redis from 'ioredis';
import { redisLeases } from '../adapters/redis/redisLease';
import type { Lease } from '../ports/lease';
import { SEARCH_INDEXER_CONSUMER } from '../../indexer/indexer';

export const INDEXER_LEASE_MS = 15_000;

export function indexerLease(redis: Redis | undefined): Lease | undefined {
  if (!redis) return undefined;
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  return redisLeases({ redis, ttlMs: INDEXER_LEASE_MS })(SEARCH_INDEXER_CONSUMER, holder);
}
