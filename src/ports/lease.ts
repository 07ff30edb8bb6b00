// A lease: one holder at a time for a named job, for as long as it keeps renewing it. The indexer
// takes one when several can run on the same engines (every API instance's in-process indexer, or
// a second `npm run indexer`): one indexes, the others stand by and take over when it stops or
// dies. Adapters: adapters/redis/redisLease (shared by every instance), adapters/memory/memoryLease
// (one process). Rules every adapter keeps (test/contract/lease.contract.ts):
// - hold() takes the lease when it is free or lapsed, renews it when it is this holder's, and
//   answers whether this holder has it now;
// - a lease not renewed within its time lapses; release() frees it at once (only its holder's).
// Adapters throw UnavailableError when their engine does not answer.

export interface Lease {
  hold(): Promise<boolean>;
  release(): Promise<void>;
}

/** Leases on one engine: `lease(name, holder)` is `holder`'s hand on the job `name`. */
export type LeaseFactory = (name: string, holder: string) => Lease;
