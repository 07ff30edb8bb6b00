// This process's holder lease: the name its Idempotency-Key claims carry, kept alive in the store
// while it holds any (renewed every second, lapsing HOLDER_LEASE_SECONDS after the last renewal).
// A claim whose holder's lease lapsed was left by a dead process: the next retry takes it over.
// An idle process renews nothing; its lease simply lapses, and it holds no claim to lose.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';
import type { IdempotencyKeyRepository } from '../ports/idempotencyKeys';

/** How long a holder stays alive without renewing: the longest a dead process's claim blocks a retry. */
export const HOLDER_LEASE_SECONDS = 5;
const RENEW_EVERY_MS = 1000;

export interface HolderLease {
  readonly id: string;
  /** Before a claim: the lease is alive (renewed now if it may have lapsed) and kept alive until `leave`. */
  enter(): Promise<void>;
  leave(): void;
}

export function createHolderLease(deps: { records: Pick<IdempotencyKeyRepository, 'renewHolder'>; clock: () => Date; logger: Pick<Logger, 'warn'> }): HolderLease {
  const id = `holder_${randomUUID()}`;
  let inFlight = 0;
  let renewedAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;

  async function renew(): Promise<void> {
    renewedAt = performance.now();
    await deps.records.renewHolder(id, new Date(deps.clock().getTime() + HOLDER_LEASE_SECONDS * 1000).toISOString());
  }

  return {
    id,
    async enter() {
      inFlight += 1;
      if (!timer) {
        timer = setInterval(() => {
          renew().catch((error: unknown) => deps.logger.warn({ err: error }, 'could not renew the Idempotency-Key holder lease'));
        }, RENEW_EVERY_MS);
        timer.unref();
      }
      if (performance.now() - renewedAt < RENEW_EVERY_MS) return;
      try {
        await renew();
      } catch (error) {
        // The caller gets the error and never calls leave: undo this entry here, or the lease
        // would be renewed every second for the rest of the process's life.
        leave();
        throw error;
      }
    },
    leave,
  };

  function leave(): void {
    inFlight -= 1;
    if (inFlight === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }
}
