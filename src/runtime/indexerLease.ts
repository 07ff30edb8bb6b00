// Leases of the background jobs only one process may run at a time over the same store: the
// search indexer and the IndexNow notifier. With Redis (the fleet) several instances share the
// lease, so one works and the others stand by; renewed every 5 s, lapsed after 15 s, so a killed
// holder's standby takes over within 15 s. Without Redis the lease is this process's own (the
// embedded default runs one process per store): it is always held.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type Redis from 'ioredis';
import { memoryLeases } from '../adapters/memory/memoryLease';
import { redisLeases } from '../adapters/redis/redisLease';
import type { Lease } from '../ports/lease';
import { SEARCH_INDEXER_CONSUMER } from '../../indexer/indexer';

export const INDEXER_LEASE_MS = 15_000;
/** The IndexNow notifier's lease name: one notifier announces for every instance. */
export const INDEXNOW_LEASE = 'indexnow';

function holderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export function indexerLease(redis: Redis | undefined): Lease | undefined {
  if (!redis) return undefined;
  return redisLeases({ redis, ttlMs: INDEXER_LEASE_MS })(SEARCH_INDEXER_CONSUMER, holderId());
}

/** A job's lease: in Redis when configured (shared by every instance), else this process's own. */
export function jobLease(redis: Redis | undefined, name: string): Lease {
  const leases = redis ? redisLeases({ redis, ttlMs: INDEXER_LEASE_MS }) : memoryLeases({ ttlMs: INDEXER_LEASE_MS });
  return leases(name, holderId());
}
