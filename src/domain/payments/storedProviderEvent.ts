// A provider notification as the inbox keeps it: stored before it is acknowledged, so
// an acknowledged event is never lost; handled afterwards, by whichever process holds its lease.
// A process that dies while holding one leaves it to be handled again once the lease runs out:
// handling is idempotent, so an event is acted on once however often it is attempted.
import type { ProviderEvent } from './providerEvent';

export interface StoredProviderEvent {
  event: ProviderEvent;
  receivedAt: string;
  /** Set once its handling finished. */
  handledAt?: string;
  attempts: number;
  /** Why the last attempt failed. */
  lastError?: string;
  /** Not attempted again before this instant. */
  nextAttemptAt: string;
  /** While an attempt runs: until when it is held. */
  leaseUntil?: string;
}
