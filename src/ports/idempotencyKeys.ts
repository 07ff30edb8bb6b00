// Idempotency-Key records (http/idempotency.ts), kept in the Store rather than the Cache port:
// the store is the one backend every deployment shares between instances (SQLite embedded,
// MongoDB in production), it survives restarts, and it never evicts a record early to make room,
// as the in-process LRU cache would. Redis is optional, so a cache-backed record would be per
// instance in a multi-instance deployment without it, and a retry landing elsewhere would run twice.
import type { Environment } from '../domain/profile';

/** Keys belong to one account in one environment: never shared between accounts or sandbox/live. */
export interface IdempotencyScope {
  accountId: string;
  environment: Environment;
  key: string;
}

/** The answer replayed for a retry: status, the headers worth repeating and the JSON body. */
export interface IdempotentResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface IdempotencyKeyRecord extends IdempotencyScope {
  /** Hash of method, path and body: a retry must repeat the request exactly. */
  fingerprint: string;
  createdAt: string;
  /** The record lapses then: a claim (no response yet) after a short lock, an answer after 24 hours. */
  expiresAt: string;
  /** Absent while the first request is still running. */
  response?: IdempotentResponse;
}

export interface IdempotencyKeyRepository {
  /**
   * Atomically claims the key for a request starting now: null when this caller holds it (a lapsed
   * record is taken over), otherwise the live record that holds it.
   */
  claim(record: IdempotencyKeyRecord, now: string): Promise<IdempotencyKeyRecord | null>;
  /** Stores the answer on a claim that has none yet, kept until `expiresAt`. */
  complete(scope: IdempotencyScope, response: IdempotentResponse, expiresAt: string): Promise<void>;
  /** Drops a claim that has no answer (the request failed with 5xx or 429), so a retry runs again. */
  release(scope: IdempotencyScope): Promise<void>;
}
