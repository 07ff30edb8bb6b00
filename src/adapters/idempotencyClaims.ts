// What a claim on an Idempotency-Key finds, decided the same way by both stores: a record past its
// expiry is replaced by the new claim; one whose holder is dead (its lease lapsed, or the claim is
// older than any request runs) is taken over by the same request, journal and all; anything else
// is held (an answer to replay, a request still running, another request's key).
import type { IdempotencyKeyRecord } from '../ports/idempotencyKeys';

export type ClaimVerdict = 'lapsed' | 'dead holder' | 'held';

export function verdictOn(held: IdempotencyKeyRecord, claim: IdempotencyKeyRecord, now: string, staleBefore: string, holderAlive: boolean): ClaimVerdict {
  if (held.expiresAt <= now) return 'lapsed';
  const dead = !holderAlive || held.claimedAt <= staleBefore;
  return !held.response && held.fingerprint === claim.fingerprint && dead ? 'dead holder' : 'held';
}

/** The record as the request taking it over holds it: the same key, first claim and journal, in its name. */
export function takenOver(held: IdempotencyKeyRecord, claim: IdempotencyKeyRecord): IdempotencyKeyRecord {
  return { ...held, claimId: claim.claimId, holder: claim.holder, claimedAt: claim.claimedAt };
}
