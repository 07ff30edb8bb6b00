// Store contract, Idempotency-Key records: one claim per (account, environment, key), the answer
// kept until it lapses, a released claim free again.
import type { IdempotencyClaim, IdempotencyKeyRecord } from '../../../src/ports/idempotencyKeys';
import type { Store } from '../../../src/ports/store';
import { at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

const scope: IdempotencyClaim = { accountId: 'acct_owner01', environment: 'live', key: 'retry-7f3a', claimId: 'claim-1' };
const answer = { status: 201, headers: { ETag: '"3"', Location: '/v1/business/profile/biz_abc123' }, body: { success: true, data: { id: 'svc_1', 'odd.$key': 1 } } };

function aClaim(overrides: Partial<IdempotencyKeyRecord> = {}): IdempotencyKeyRecord {
  return { ...scope, fingerprint: 'fp-1', createdAt: at(0), expiresAt: at(1), ...overrides };
}

export function idempotencyKeysContract(suite: StoreSuite): void {
  describe('idempotency keys', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('claims a new key, and shows the claim to a second caller', async () => {
      expect(await store.idempotencyKeys.claim(aClaim(), at(0))).toBeNull();
      expect(await store.idempotencyKeys.claim(aClaim({ fingerprint: 'fp-2' }), at(0))).toEqual(aClaim());
    });

    it('lets exactly one of two simultaneous claims win', async () => {
      const results = await Promise.all([store.idempotencyKeys.claim(aClaim(), at(0)), store.idempotencyKeys.claim(aClaim(), at(0))]);
      expect(results.filter((held) => held === null)).toHaveLength(1);
    });

    it('keeps keys of other accounts and environments apart', async () => {
      await store.idempotencyKeys.claim(aClaim(), at(0));
      expect(await store.idempotencyKeys.claim(aClaim({ accountId: 'acct_other01' }), at(0))).toBeNull();
      expect(await store.idempotencyKeys.claim(aClaim({ environment: 'test' }), at(0))).toBeNull();
    });

    it('stores the answer exactly, with its new expiry, and replays it', async () => {
      await store.idempotencyKeys.claim(aClaim(), at(0));
      await store.idempotencyKeys.complete(scope, answer, at(1440));
      expect(await store.idempotencyKeys.claim(aClaim(), at(60))).toEqual(aClaim({ expiresAt: at(1440), response: answer }));
    });

    it('completes a claim once: a late second answer does not replace the first', async () => {
      await store.idempotencyKeys.claim(aClaim(), at(0));
      await store.idempotencyKeys.complete(scope, answer, at(1440));
      await store.idempotencyKeys.complete(scope, { ...answer, status: 400 }, at(1440));
      expect((await store.idempotencyKeys.claim(aClaim(), at(1)))?.response?.status).toBe(201);
    });

    it('frees a released claim for the next caller, but never releases an answered key', async () => {
      await store.idempotencyKeys.claim(aClaim(), at(0));
      await store.idempotencyKeys.release(scope);
      expect(await store.idempotencyKeys.claim(aClaim({ fingerprint: 'fp-2' }), at(0))).toBeNull();

      await store.idempotencyKeys.complete(scope, answer, at(1440));
      await store.idempotencyKeys.release(scope);
      expect((await store.idempotencyKeys.claim(aClaim(), at(1)))?.response).toEqual(answer);
    });

    it('lets only the request holding a claim answer or release it, not one that outlived its lock', async () => {
      await store.idempotencyKeys.claim(aClaim(), at(0));
      const retry = aClaim({ claimId: 'claim-2', createdAt: at(1), expiresAt: at(2) });
      expect(await store.idempotencyKeys.claim(retry, at(1))).toBeNull();
      await store.idempotencyKeys.complete(scope, answer, at(1440));
      await store.idempotencyKeys.release(scope);
      expect(await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-3' }), at(1))).toEqual(retry);
      await store.idempotencyKeys.complete({ ...scope, claimId: 'claim-2' }, answer, at(1440));
      expect((await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-3' }), at(3)))?.response).toEqual(answer);
    });

    it('lets a new claim take over a lapsed record, answered or not', async () => {
      await store.idempotencyKeys.claim(aClaim(), at(0));
      expect(await store.idempotencyKeys.claim(aClaim({ fingerprint: 'fp-2', createdAt: at(1), expiresAt: at(2) }), at(1))).toBeNull();
      await store.idempotencyKeys.complete(scope, answer, at(1440));
      expect(await store.idempotencyKeys.claim(aClaim({ fingerprint: 'fp-3', createdAt: at(1440), expiresAt: at(1441) }), at(1440))).toBeNull();
      expect(await store.idempotencyKeys.claim(aClaim(), at(1440))).toEqual(aClaim({ fingerprint: 'fp-3', createdAt: at(1440), expiresAt: at(1441) }));
    });
  });
}
