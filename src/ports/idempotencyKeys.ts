// Idempotency-Key records (core/idempotentCall.ts), kept in the Store rather than the Cache port:
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

/** One request's hold on a key: only the request that claimed it may answer or release it. */
export interface IdempotencyClaim extends IdempotencyScope {
  claimId: string;
}

export interface IdempotencyKeyRecord extends IdempotencyClaim {
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
  /**
   * Stores the answer on this claim while it has none, kept until `expiresAt`. A request that
   * outlived its lock finds another claim there and changes nothing.
   */
  complete(claim: IdempotencyClaim, response: IdempotentResponse, expiresAt: string): Promise<void>;
  /** Drops this claim while it has no answer (the request failed, or was not kept), so a retry runs again. */
  release(claim: IdempotencyClaim): Promise<void>;
}
