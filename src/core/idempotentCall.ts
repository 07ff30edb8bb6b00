// Stripe-style Idempotency-Key for writes, whatever the transport. It runs inside invoke after
// authentication (the key belongs to the caller's account and environment), after the rate limit
// (a replay is a request and counts; a 429 is answered before any key is claimed) and after the
// access check and the body's parsing; validation runs inside it, so a refused input is answered,
// not stored (see NOT_KEPT).
//
// First call: claim the key (a short lock), run, store status, body and the headers below for 24 h
// when the answer is 2xx or a kept 4xx; otherwise release the key so a retry runs again. Retry with
// the same fingerprint: the stored answer, marked Idempotent-Replayed. Same key, other request:
// 422. Same key while the first still runs: 409 with Retry-After.
import { randomUUID } from 'node:crypto';
import { ConflictError, DomainError, ValidationError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import type { Logger } from '../logger';
import type { IdempotencyClaim, IdempotencyKeyRepository } from '../ports/idempotencyKeys';
import type { Answer } from './answer';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_SHAPE = /^[\x20-\x7E]{1,255}$/;
const REPLAYED_HEADERS = ['ETag', 'Location', 'Content-Type'];
export const ANSWER_TTL_SECONDS = 24 * 60 * 60;
// A claim outlives any normal request; should the process die mid-request, the key frees itself.
export const CLAIM_TTL_SECONDS = 60;
const RETRY_AFTER_SECONDS = 1;

export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
}

export class IdempotencyKeyInUseError extends ConflictError {
  constructor() {
    super('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed; retry later');
    this.retryAfterSeconds = RETRY_AFTER_SECONDS;
  }
}

// As Stripe does: an answer is kept only when the endpoint ran. Refused input (400, 413, 415),
// a conflict with another request (409), a stale If-Match (412) and a rate limit (429) are not,
// so a corrected retry with the same key runs.
const NOT_KEPT = new Set([400, 409, 412, 413, 415, 429]);
const storable = (status: number) => (status >= 200 && status < 300) || (status >= 400 && status < 500 && !NOT_KEPT.has(status));

/** The key as sent: 1-255 printable ASCII characters, or a VALIDATION_ERROR naming the header. */
export function idempotencyKeyOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!KEY_SHAPE.test(raw)) throw new ValidationError(IDEMPOTENCY_HEADER, 'must be 1-255 printable ASCII characters');
  return raw;
}

export interface IdempotencyDeps {
  records: IdempotencyKeyRepository;
  logger: Pick<Logger, 'warn'>;
  clock?: () => Date;
}

export type IdempotentCall = (principal: Principal, key: string, fingerprint: string, run: () => Promise<Answer>) => Promise<Answer>;

export function createIdempotentCall(deps: IdempotencyDeps): IdempotentCall {
  const { records, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

  return async (principal, key, fingerprint, run) => {
    const scope: IdempotencyClaim = { accountId: principal.accountId, environment: principal.environment, key, claimId: randomUUID() };
    const now = clock();
    const held = await records.claim({ ...scope, fingerprint, createdAt: now.toISOString(), expiresAt: later(now, CLAIM_TTL_SECONDS) }, now.toISOString());
    if (held) {
      if (held.fingerprint !== fingerprint) {
        throw new IdempotencyKeyReusedError('This Idempotency-Key was used with a different request (method, path or body); use a new key');
      }
      if (!held.response) throw new IdempotencyKeyInUseError();
      return { status: held.response.status, headers: { ...held.response.headers, [REPLAYED_HEADER]: 'true' }, body: held.response.body };
    }

    let answer: Answer;
    try {
      answer = await run();
    } catch (error) {
      await records.release(scope).catch((cause: unknown) => logger.warn({ err: cause }, 'could not release an Idempotency-Key'));
      throw error;
    }
    const kept = storable(answer.status) && answer.body !== null && typeof answer.body === 'object';
    const headers = Object.fromEntries(REPLAYED_HEADERS.filter((name) => answer.headers[name] !== undefined).map((name) => [name, answer.headers[name]]));
    // The answer is already decided: failing to record it must not fail the call. The claim then
    // lapses after CLAIM_TTL_SECONDS and a retry runs again.
    const record = kept ? records.complete(scope, { status: answer.status, headers, body: answer.body }, later(clock(), ANSWER_TTL_SECONDS)) : records.release(scope);
    await record.catch((cause: unknown) => logger.warn({ err: cause }, 'could not record an Idempotency-Key answer'));
    return answer;
  };
}
