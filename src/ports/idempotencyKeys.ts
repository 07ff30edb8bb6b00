// Idempotency-Key records (core/idempotentCall.ts), kept in the Store rather than the Cache port:
// the store is the one backend every deployment shares between instances (SQLite embedded,
// MongoDB in production), it survives restarts, and it never evicts a record early to make room,
// as the in-process LRU cache would. Redis is optional, so a cache-backed record would be per
// instance in a multi-instance deployment without it, and a retry landing elsewhere would run twice.
//
// A record goes through three phases: claimed (a request holds it), written (a write of that
// request committed, and the record holds the journal of its store calls up to there: the recovery
// point a retry resumes from), answered (the answer is stored and replayed). A claim names the
// process that holds it by that process's holder lease; a claim whose holder's lease lapsed was
// left by a dead process and is taken over by the next retry, within seconds.
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

/** One request's hold on a key: only the request that claimed it may write under it, answer or release it. */
export interface IdempotencyClaim extends IdempotencyScope {
  claimId: string;
}

/** A store call's refusal, kept so that a replay refuses the same way (its class by name). */
export interface RecordedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

/** One store call of an idempotent request: which call, and what it answered. */
export type JournalEntry = { call: string; value?: unknown } | { call: string; error: RecordedError };

export interface IdempotencyKeyRecord extends IdempotencyClaim {
  /** Hash of method, path and body: a retry must repeat the request exactly. */
  fingerprint: string;
  /** When the key was first claimed (kept when a retry takes it over). */
  createdAt: string;
  /** When the current claim was made (a takeover makes a new one). */
  claimedAt: string;
  /** The record lapses then: 24 hours after the claim, or after the answer. */
  expiresAt: string;
  /** The holder lease of the process running the request; absent once answered or abandoned. */
  holder?: string;
  /** The request's store calls up to its last committed write (the recovery point); absent before any write. */
  journal?: JournalEntry[];
  /** MongoDB only: the journal index of a write begun and not known to have finished (the next holder redoes it, recognised by its mark). */
  pendingCall?: number;
  /** Absent until the request answered. */
  response?: IdempotentResponse;
}

export type ClaimOutcome =
  /** This caller holds the key now: a new record, or one taken over from a dead holder (with its journal). */
  | { taken: IdempotencyKeyRecord }
  /** Another request holds the key, or answered it. */
  | { heldBy: IdempotencyKeyRecord };

/** What a request's run did to the store, whatever it answered. */
export interface JournaledRun<T> {
  /** True when at least one of its writes committed (then the key must not be released). */
  wrote: boolean;
  result?: T;
  /** Set when the run threw instead of answering. */
  error?: unknown;
}

export interface Recovery {
  /** The journal the key holds: replayed before anything runs for real. */
  journal: JournalEntry[];
  pendingCall?: number;
  /** Told each time a write and its recovery point have committed. */
  onWriteCommitted?: () => void;
}

export interface IdempotencyKeyRepository {
  /**
   * Atomically claims the key for a request starting now, as `record.holder`: a new key, a lapsed
   * record, or one with the same fingerprint whose holder's lease lapsed (or whose claim is older
   * than `staleBefore`) is taken; anything else is answered as held.
   */
  claim(record: IdempotencyKeyRecord, now: string, staleBefore: string): Promise<ClaimOutcome>;
  /**
   * Runs `work` as the request holding `claim`: every call it makes on this store is journaled,
   * the journal kept with the key each time a write commits (refused with IDEMPOTENCY_KEY_IN_USE
   * when the claim was taken over meanwhile), and the calls `recovery.journal` holds are replayed
   * from it instead of run again. Never throws: a failure of the run is in `error`.
   */
  journaled<T>(claim: IdempotencyClaim & Pick<IdempotencyKeyRecord, 'createdAt'>, recovery: Recovery, work: () => Promise<T>): Promise<JournaledRun<T>>;
  /** Stores the answer on this claim while it has none, kept until `expiresAt`; drops the journal. */
  complete(claim: IdempotencyClaim, response: IdempotentResponse, expiresAt: string): Promise<void>;
  /** Drops this claim while nothing of it was written (the request failed, or was not kept), so a retry runs again. */
  release(claim: IdempotencyClaim): Promise<void>;
  /** Lets go of a claim whose request wrote but did not answer: the next retry takes it over at once and resumes. */
  abandon(claim: IdempotencyClaim): Promise<void>;
  /** Keeps this process's holder lease alive until `expiresAt`. */
  renewHolder(holder: string, expiresAt: string): Promise<void>;
}
