// The core's Idempotency-Key on its own (core/idempotentCall.ts), around a counting call: what it
// keeps, for how long, and that recording trouble never costs the caller its answer. The HTTP
// behaviour (replays across requests, 422 on reuse) is in test/http/idempotency.test.ts.
import { createSqliteStore, type SqliteStore } from '../../../src/adapters/sqlite/store/sqliteStore';
import type { Answer } from '../../../src/core/answer';
import { HOLDER_LEASE_SECONDS } from '../../../src/core/holderLease';
import { ANSWER_TTL_SECONDS, createIdempotentCall, IdempotencyKeyInUseError, IdempotencyKeyReusedError, MAX_CLAIM_SECONDS } from '../../../src/core/idempotentCall';
import { RateLimitedError } from '../../../src/domain/errors';
import type { Principal } from '../../../src/domain/principal';
import type { IdempotencyKeyRepository } from '../../../src/ports/idempotencyKeys';

const caller = { accountId: 'acct_unit01', environment: 'live' } as Principal;
const FINGERPRINT = 'POST /things {"name":"x"}';

let store: SqliteStore;
let nowMs: number;
let runs: number;
let answer: () => Answer;
const warnings: unknown[] = [];

function callWith(records: IdempotencyKeyRepository) {
  const idempotent = createIdempotentCall({ records, logger: { warn: (fields: unknown) => warnings.push(fields) }, clock: () => new Date(nowMs) });
  return (key: string, fingerprint = FINGERPRINT) =>
    idempotent(caller, key, fingerprint, async () => {
      runs += 1;
      return answer();
    });
}

beforeEach(() => {
  store = createSqliteStore({ file: ':memory:' });
  nowMs = Date.parse('2030-01-01T00:00:00Z');
  runs = 0;
  warnings.length = 0;
  answer = () => ({ status: 201, headers: { Location: '/things/1', 'X-Other': 'not kept' }, body: { success: true, data: { run: runs } } });
});
afterEach(() => store.close());

it('answers a retry with the first answer, marked replayed, with the headers worth replaying', async () => {
  const call = callWith(store.idempotencyKeys);
  await call('k0');
  const replay = await call('k0');
  expect(runs).toBe(1);
  expect(replay).toEqual({ status: 201, headers: { Location: '/things/1', 'Idempotent-Replayed': 'true' }, body: { success: true, data: { run: 1 } } });
});

it('refuses the same key with another request, and a key whose first call still runs', async () => {
  const call = callWith(store.idempotencyKeys);
  await call('k1');
  await expect(call('k1', 'POST /things {"name":"y"}')).rejects.toBeInstanceOf(IdempotencyKeyReusedError);

  let finish!: () => void;
  answer = () => ({ status: 201, headers: {}, body: { success: true, data: {} } });
  const slow = createIdempotentCall({ records: store.idempotencyKeys, logger: { warn: () => undefined }, clock: () => new Date(nowMs) });
  const first = slow(caller, 'k1b', FINGERPRINT, () => new Promise<Answer>((resolve) => (finish = () => resolve(answer()))));
  await new Promise((resolve) => setImmediate(resolve));
  await expect(call('k1b')).rejects.toBeInstanceOf(IdempotencyKeyInUseError);
  finish();
  await first;
});

it('runs the call again once the stored answer is 24 hours old', async () => {
  const call = callWith(store.idempotencyKeys);
  await call('k2');
  nowMs += (ANSWER_TTL_SECONDS - 1) * 1000;
  expect((await call('k2')).headers['Idempotent-Replayed']).toBe('true');
  nowMs += 1000;
  const fresh = await call('k2');
  expect(fresh.headers['Idempotent-Replayed']).toBeUndefined();
  expect(runs).toBe(2);
});

it('keeps neither a 429 nor a refused input: the retry runs', async () => {
  answer = () => {
    throw new RateLimitedError('Too many requests', 30);
  };
  const call = callWith(store.idempotencyKeys);
  await expect(call('k3')).rejects.toBeInstanceOf(RateLimitedError);
  await expect(call('k3')).rejects.toBeInstanceOf(RateLimitedError);
  answer = () => ({ status: 400, headers: {}, body: { success: false, error: { code: 'VALIDATION_ERROR', message: 'no' } } });
  await call('k3');
  await call('k3');
  expect(runs).toBe(4);
});

it('still gives the answer when recording it fails, and logs a warning', async () => {
  const failing: IdempotencyKeyRepository = {
    ...store.idempotencyKeys,
    complete: async () => {
      throw new Error('store went away');
    },
  };
  const result = await callWith(failing)('k4');
  expect(result.status).toBe(201);
  expect(warnings).toHaveLength(1);
});

/** A claim as a process that then died would leave it: its holder's lease renewed up to now. */
async function claimOfDeadProcess(key: string): Promise<void> {
  const at = new Date(nowMs).toISOString();
  await store.idempotencyKeys.renewHolder('holder_dead', new Date(nowMs + HOLDER_LEASE_SECONDS * 1000).toISOString());
  const outcome = await store.idempotencyKeys.claim(
    { accountId: 'acct_unit01', environment: 'live', key, claimId: 'crashed', fingerprint: FINGERPRINT, createdAt: at, claimedAt: at, expiresAt: new Date(nowMs + ANSWER_TTL_SECONDS * 1000).toISOString(), holder: 'holder_dead' },
    at,
    new Date(nowMs - MAX_CLAIM_SECONDS * 1000).toISOString(),
  );
  expect('taken' in outcome).toBe(true);
}

it('takes over the key of a request whose process died as soon as that process\'s lease lapsed', async () => {
  await claimOfDeadProcess('k5');
  const call = callWith(store.idempotencyKeys);
  await expect(call('k5')).rejects.toBeInstanceOf(IdempotencyKeyInUseError);
  expect(HOLDER_LEASE_SECONDS).toBe(5);
  nowMs += 4_999;
  await expect(call('k5')).rejects.toBeInstanceOf(IdempotencyKeyInUseError);
  nowMs += 1;
  expect((await call('k5')).status).toBe(201);
  expect(runs).toBe(1);
});

it('never hands a dead request\'s key to a different request', async () => {
  await claimOfDeadProcess('k6');
  nowMs += HOLDER_LEASE_SECONDS * 1000;
  await expect(callWith(store.idempotencyKeys)('k6', 'POST /things {"name":"other"}')).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
});

it('takes over a claim older than any request runs, even while its process still renews its lease', async () => {
  await claimOfDeadProcess('k7');
  expect(MAX_CLAIM_SECONDS).toBe(600);
  nowMs += 600_000;
  await store.idempotencyKeys.renewHolder('holder_dead', new Date(nowMs + HOLDER_LEASE_SECONDS * 1000).toISOString());
  expect((await callWith(store.idempotencyKeys)('k7')).status).toBe(201);
});
