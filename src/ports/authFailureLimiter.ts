// Counts failed authentication per client address and per account (domain/authFailureLimits.ts).
// Adapters: adapters/memory/memoryLimiters and adapters/redis/redisLimiters; both pass
// test/contract/authFailureLimiter.contract.ts.

/** Who failed: the client address always, the account (its normalised e-mail) when one was named. */
export interface AuthAttempt {
  address: string;
  account?: string;
}

export interface AuthFailureLimiter {
  /** Throws RateLimitedError (429, Retry-After) while the address or the account is over its failures. */
  assertAllowed(attempt: AuthAttempt): Promise<void>;
  /** Counts one failure against the address and the account. */
  recordFailure(attempt: AuthAttempt): Promise<void>;
  /** A successful sign-in: the account's failures are forgotten (the address's are not). */
  recordSuccess(attempt: AuthAttempt): Promise<void>;
}
