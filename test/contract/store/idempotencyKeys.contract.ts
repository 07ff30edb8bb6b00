// Store contract, Idempotency-Key records: one claim per (account, environment, key) held in a
// process's lease, the answer kept until it lapses, a released claim free again, a dead holder's
// claim taken over by the same request; and the journal: a request's store calls kept with each
// write it makes, replayed (not run again) by the request that takes the key over, and no write
// of a request whose key was taken over.
import { PreconditionFailedError } from '../../../src/domain/errors';
import type { ClaimOutcome, IdempotencyClaim, IdempotencyKeyRecord, Recovery } from '../../../src/ports/idempotencyKeys';
import type { Store } from '../../../src/ports/store';
import { aProfile, at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

const scope: IdempotencyClaim = { accountId: 'acct_owner01', environment: 'live', key: 'retry-7f3a', claimId: 'claim-1' };
const answer = { status: 201, headers: { ETag: '"3"', Location: '/v1/business/profile/biz_abc123' }, body: { success: true, data: { id: 'svc_1', 'odd.$key': 1 } } };
const LONG_AGO = at(-600);

function aClaim(overrides: Partial<IdempotencyKeyRecord> = {}): IdempotencyKeyRecord {
  return { ...scope, fingerprint: 'fp-1', createdAt: at(0), claimedAt: at(0), expiresAt: at(1440), holder: 'holder_a', ...overrides };
}

const taken = (outcome: ClaimOutcome) => ('taken' in outcome ? outcome.taken : undefined);
const heldBy = (outcome: ClaimOutcome) => ('heldBy' in outcome ? outcome.heldBy : undefined);

export function idempotencyKeysContract(suite: StoreSuite): void {
  describe('idempotency keys', () => {
    let store: Store;
    beforeEach(async () => {
      store = suite.store();
      // holder_a lives until minute 1; holder_b until minute 100.
      await store.idempotencyKeys.renewHolder('holder_a', at(1));
      await store.idempotencyKeys.renewHolder('holder_b', at(100));
    });

    it('claims a new key, and shows the claim to a second caller', async () => {
      expect(taken(await store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO))).toEqual(aClaim());
      expect(heldBy(await store.idempotencyKeys.claim(aClaim({ fingerprint: 'fp-2', claimId: 'claim-2', holder: 'holder_b' }), at(0), LONG_AGO))).toEqual(aClaim());
    });

    it('lets exactly one of two simultaneous claims win', async () => {
      const results = await Promise.all([store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO), store.idempotencyKeys.claim(aClaim({ claimId: 'claim-2' }), at(0), LONG_AGO)]);
      expect(results.filter((outcome) => 'taken' in outcome)).toHaveLength(1);
    });

    it('keeps keys of other accounts and environments apart', async () => {
      await store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO);
      expect(taken(await store.idempotencyKeys.claim(aClaim({ accountId: 'acct_other01' }), at(0), LONG_AGO))).toBeDefined();
      expect(taken(await store.idempotencyKeys.claim(aClaim({ environment: 'test' }), at(0), LONG_AGO))).toBeDefined();
    });

    it('stores the answer exactly, with its new expiry, and replays it', async () => {
      await store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO);
      await store.idempotencyKeys.complete(scope, answer, at(2880));
      const { holder: _holder, ...withoutHolder } = aClaim({ expiresAt: at(2880), response: answer });
      expect(heldBy(await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-2' }), at(60), LONG_AGO))).toEqual(withoutHolder);
    });

    it('completes a claim once: a late second answer does not replace the first', async () => {
      await store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO);
      await store.idempotencyKeys.complete(scope, answer, at(1440));
      await store.idempotencyKeys.complete(scope, { ...answer, status: 400 }, at(1440));
      expect(heldBy(await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-2' }), at(1), LONG_AGO))?.response?.status).toBe(201);
    });

    it('frees a released claim for the next caller, but never releases an answered key', async () => {
      await store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO);
      await store.idempotencyKeys.release(scope);
      expect(taken(await store.idempotencyKeys.claim(aClaim({ fingerprint: 'fp-2' }), at(0), LONG_AGO))).toBeDefined();

      await store.idempotencyKeys.complete(scope, answer, at(1440));
      await store.idempotencyKeys.release(scope);
      expect(heldBy(await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-2' }), at(1), LONG_AGO))?.response).toEqual(answer);
    });

    it('keeps the claim of a live holder, and hands a dead holder\'s claim to the same request only', async () => {
      await store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO);
      // holder_a lives until minute 1.
      expect(heldBy(await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-2', holder: 'holder_b' }), at(0.5), LONG_AGO))?.claimId).toBe('claim-1');
      expect(heldBy(await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-2', holder: 'holder_b', fingerprint: 'fp-2' }), at(2), LONG_AGO))?.claimId).toBe('claim-1');
      const retry = aClaim({ claimId: 'claim-2', holder: 'holder_b', claimedAt: at(2), createdAt: at(2) });
      // Taken over as it was (first claimed at minute 0), now in holder_b's name.
      expect(taken(await store.idempotencyKeys.claim(retry, at(2), LONG_AGO))).toEqual(aClaim({ claimId: 'claim-2', holder: 'holder_b', claimedAt: at(2) }));
      // Only the request holding the claim may answer it.
      await store.idempotencyKeys.complete(scope, answer, at(1440));
      await store.idempotencyKeys.release(scope);
      expect(heldBy(await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-3', holder: 'holder_b' }), at(3), LONG_AGO))?.claimId).toBe('claim-2');
    });

    it('takes over a claim older than any request runs, even from a live holder', async () => {
      await store.idempotencyKeys.claim(aClaim({ holder: 'holder_b' }), at(0), LONG_AGO);
      expect(taken(await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-2', holder: 'holder_b' }), at(11), at(1)))?.claimId).toBe('claim-2');
    });

    it('lets an abandoned claim be taken over at once', async () => {
      await store.idempotencyKeys.claim(aClaim({ holder: 'holder_b' }), at(0), LONG_AGO);
      await store.idempotencyKeys.abandon(scope);
      expect(taken(await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-2' }), at(0), LONG_AGO))?.claimId).toBe('claim-2');
    });

    it('lets a new claim take over a lapsed record, answered or not', async () => {
      await store.idempotencyKeys.claim(aClaim({ expiresAt: at(2) }), at(0), LONG_AGO);
      const fresh = aClaim({ fingerprint: 'fp-2', claimId: 'claim-2', createdAt: at(2), claimedAt: at(2), expiresAt: at(1442) });
      expect(taken(await store.idempotencyKeys.claim(fresh, at(2), LONG_AGO))).toEqual(fresh);
      await store.idempotencyKeys.complete({ ...scope, claimId: 'claim-2' }, answer, at(1440));
      const later = aClaim({ fingerprint: 'fp-3', claimId: 'claim-3', createdAt: at(1440), claimedAt: at(1440), expiresAt: at(2880) });
      expect(taken(await store.idempotencyKeys.claim(later, at(1440), LONG_AGO))).toEqual(later);
    });

    describe('the journal of the request holding the key', () => {
      const profile = aProfile({ id: 'biz_journal01', name: 'Journal Bakery' });
      /** The work of one request: a read, a create, a read. */
      const work = async () => {
        const before = await store.profiles.get('live', profile.id);
        const created = await store.profiles.create(profile);
        return { before, created, after: await store.profiles.get('live', profile.id) };
      };
      const noRecovery: Recovery = { journal: [] };

      async function takeOverFromDeadHolder(): Promise<IdempotencyKeyRecord> {
        const outcome = await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-2', holder: 'holder_b', claimedAt: at(2) }), at(2), LONG_AGO);
        return taken(outcome)!;
      }

      it('keeps the calls up to a write with it, and the retry that takes over replays them without writing again', async () => {
        const claim = taken(await store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO))!;
        const first = await store.idempotencyKeys.journaled(claim, noRecovery, work);
        expect(first.wrote).toBe(true);
        // The process dies before answering; holder_a's lease lapses at minute 1.
        const resumed = await takeOverFromDeadHolder();
        expect(resumed.journal?.slice(0, 2).map((entry) => entry.call)).toEqual(['profiles.get', 'profiles.create']);
        const again = await store.idempotencyKeys.journaled(resumed, { journal: resumed.journal ?? [], pendingCall: resumed.pendingCall }, work);
        // The replayed read still says "none yet", and the create gives the stored profile back: no DUPLICATE.
        expect(again.error).toBeUndefined();
        expect(again.result).toEqual(first.result);
        expect(again.result?.before).toBeNull();
        expect((await store.profiles.listByOwner('live', profile.ownerId)).map((stored) => stored.id)).toEqual([profile.id]);
      });

      it('finds a write whose recovery point after it was never made (the holder died between the two), instead of making it twice', async () => {
        const claim = taken(await store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO))!;
        const died = await store.idempotencyKeys.journaled(claim, { journal: [], onWriteCommitted: () => { throw new Error('the process died here'); } }, work);
        expect(died).toMatchObject({ wrote: true, error: new Error('the process died here') });
        const resumed = await takeOverFromDeadHolder();
        const again = await store.idempotencyKeys.journaled(resumed, { journal: resumed.journal ?? [], pendingCall: resumed.pendingCall }, work);
        expect(again.error).toBeUndefined();
        expect(again.result?.created).toEqual(profile);
        expect((await store.profiles.listByOwner('live', profile.ownerId)).map((stored) => stored.id)).toEqual([profile.id]);
      });

      it('replays a refusal as the same error, so the request takes the same branch', async () => {
        const claim = taken(await store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO))!;
        await store.profiles.create(profile);
        const refused = async () => {
          const outcome = await store.profiles.replace({ ...profile, name: 'Stale' }, 7).catch((error: unknown) => error);
          await store.profiles.replace({ ...profile, version: profile.version + 1, name: 'Fresh' }, profile.version);
          return outcome;
        };
        const first = await store.idempotencyKeys.journaled(claim, noRecovery, refused);
        expect(first.result).toBeInstanceOf(PreconditionFailedError);
        const resumed = await takeOverFromDeadHolder();
        const again = await store.idempotencyKeys.journaled(resumed, { journal: resumed.journal ?? [], pendingCall: resumed.pendingCall }, refused);
        expect(again.result).toBeInstanceOf(PreconditionFailedError);
        expect((again.result as PreconditionFailedError).code).toBe('PRECONDITION_FAILED');
        expect((await store.profiles.get('live', profile.id))?.name).toBe('Fresh');
      });

      it('refuses any write of a request whose key another request took over', async () => {
        const claim = taken(await store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO))!;
        await takeOverFromDeadHolder();
        const late = await store.idempotencyKeys.journaled(claim, noRecovery, () => store.profiles.create(profile));
        expect(late.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', status: 409 });
        expect(await store.profiles.get('live', profile.id)).toBeNull();
      });

      it('never frees a key one of whose writes committed', async () => {
        const claim = taken(await store.idempotencyKeys.claim(aClaim(), at(0), LONG_AGO))!;
        await store.idempotencyKeys.journaled(claim, noRecovery, work);
        await store.idempotencyKeys.abandon(scope);
        const retry = taken(await store.idempotencyKeys.claim(aClaim({ claimId: 'claim-2' }), at(0), LONG_AGO));
        expect(retry?.journal?.length).toBeGreaterThanOrEqual(2);
      });
    });
  });
}
