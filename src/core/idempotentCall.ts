// Stripe-style Idempotency-Key for writes, whatever the transport. It runs inside invoke after
// authentication (the key belongs to the caller's account and environment), after the rate limit
// (a replay is a request and counts; a 429 is answered before any key is claimed) and after the
// access check and the body's parsing; validation runs inside it, so a refused input is answered,
// not stored (see NOT_KEPT).
//
// Exactly once, whatever instant a process dies at. First call: claim the key in this process's
// name (its holder lease), run with every store call journaled; each write commits with the
// journal up to it (the recovery point: ports/idempotencyKeys.ts, adapters/storeJournal.ts); then
// store status, body and the headers below for 24 h when the answer is 2xx or a kept 4xx. Retry
// with the same fingerprint: the stored answer, marked Idempotent-Replayed. Same key, other
// request: 422. Same key while the first still runs in a live process: 409 with Retry-After.
// Same key after the process running it died (its lease lapsed, within HOLDER_LEASE_SECONDS):
// this retry takes the claim over and resumes from the recovery point, replaying what the dead
// one did instead of doing it again, to the answer it would have given.
import { randomUUID } from 'node:crypto';
import { ConflictError, DomainError, ValidationError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import type { Logger } from '../logger';
import type { IdempotencyClaim, IdempotencyKeyRecord, IdempotencyKeyRepository } from '../ports/idempotencyKeys';
import type { Answer } from './answer';
import { createHolderLease } from './holderLease';
import type { IdempotencyPhase } from './idempotencyPhases';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_SHAPE = /^[\x20-\x7E]{1,255}$/;
const REPLAYED_HEADERS = ['ETag', 'Location', 'Content-Type'];
export const ANSWER_TTL_SECONDS = 24 * 60 * 60;
/** No request runs this long: a claim older than this is taken over even if its process still lives. */
export const MAX_CLAIM_SECONDS = 10 * 60;
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
  /** Told as a request passes each phase (tests stop the process there). */
  onPhase?: (phase: IdempotencyPhase) => void;
}

export type IdempotentCall = (principal: Principal, key: string, fingerprint: string, run: () => Promise<Answer>) => Promise<Answer>;

export function createIdempotentCall(deps: IdempotencyDeps): IdempotentCall {
  const { records, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
  const holder = createHolderLease({ records, clock, logger });
  const reached = (phase: IdempotencyPhase) => deps.onPhase?.(phase);
  const warn = (message: string) => (cause: unknown) => logger.warn({ err: cause }, message);

  function replayOrRefuse(held: IdempotencyKeyRecord, fingerprint: string): Answer {
    if (held.fingerprint !== fingerprint) {
      throw new IdempotencyKeyReusedError('This Idempotency-Key was used with a different request (method, path or body); use a new key');
    }
    if (!held.response) throw new IdempotencyKeyInUseError();
    return { status: held.response.status, headers: { ...held.response.headers, [REPLAYED_HEADER]: 'true' }, body: held.response.body };
  }

  async function runClaimed(claim: IdempotencyKeyRecord, run: () => Promise<Answer>): Promise<Answer> {
    reached('claimed');
    const recovery = { journal: claim.journal ?? [], pendingCall: claim.pendingCall, onWriteCommitted: () => reached('written') };
    const { wrote, result: answer, error } = await records.journaled(claim, recovery, run);
    // A write that committed (in this run, or the dead holder's) stands: the key is let go for the
    // next retry to resume from, never freed for another request.
    const letGo = () => (wrote || recovery.journal.length > 0 ? records.abandon(claim) : records.release(claim)).catch(warn('could not let go of an Idempotency-Key'));
    if (!answer) {
      await letGo();
      throw error;
    }
    const kept = storable(answer.status) && answer.body !== null && typeof answer.body === 'object';
    const sent: Partial<Record<string, string>> = answer.headers;
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) if (sent[name] !== undefined) headers[name] = sent[name];
    // The answer is already decided: failing to record it must not fail the call. The claim then
    // stays with this live process's lease until it lapses, and a retry resumes from the journal.
    if (kept) {
      await records.complete(claim, { status: answer.status, headers, body: answer.body }, later(clock(), ANSWER_TTL_SECONDS)).catch(warn('could not record an Idempotency-Key answer'));
      reached('answered');
    } else {
      await letGo();
    }
    return answer;
  }

  return async (principal, key, fingerprint, run) => {
    await holder.enter();
    try {
      const now = clock();
      const scope: IdempotencyClaim = { accountId: principal.accountId, environment: principal.environment, key, claimId: randomUUID() };
      const record: IdempotencyKeyRecord = {
        ...scope,
        fingerprint,
        createdAt: now.toISOString(),
        claimedAt: now.toISOString(),
        expiresAt: later(now, ANSWER_TTL_SECONDS),
        holder: holder.id,
      };
      const outcome = await records.claim(record, now.toISOString(), later(now, -MAX_CLAIM_SECONDS));
      if ('heldBy' in outcome) return replayOrRefuse(outcome.heldBy, fingerprint);
      return await runClaimed(outcome.taken, run);
    } finally {
      holder.leave();
    }
  };
}
