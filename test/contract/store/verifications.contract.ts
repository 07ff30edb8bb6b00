// Store contract, verifications: one pending request per business, history, pending queue, decisions.
import { ConflictError } from '../../../src/domain/errors';
import type { Store } from '../../../src/ports/store';
import { at, aVerification } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

export function verificationsContract(suite: StoreSuite): void {
  describe('verifications', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('stores a request and reads it back; unknown ids are null', async () => {
      const request = aVerification({ level: 'premium' });

      expect(await store.verifications.create(request)).toEqual(request);
      expect(await store.verifications.get(request.id)).toEqual(request);
      expect(await store.verifications.get('ver_unknown')).toBeNull();
    });

    it('rejects a second request while one is pending as VERIFICATION_PENDING', async () => {
      const first = await store.verifications.create(aVerification({ businessId: 'biz_1' }));
      const second = aVerification({ businessId: 'biz_1' });

      const error = await store.verifications.create(second).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ code: 'VERIFICATION_PENDING' });
      expect(await store.verifications.get(second.id)).toBeNull();
      expect(await store.verifications.listByBusiness('live', 'biz_1')).toEqual([first]);
    });

    it('accepts a new request once the pending one is decided', async () => {
      const first = await store.verifications.create(aVerification({ businessId: 'biz_1' }));
      await store.verifications.decide(first.id, { status: 'rejected', decidedBy: 'acct_admin', decidedAt: at(1) });

      await expect(store.verifications.create(aVerification({ businessId: 'biz_1' }))).resolves.toBeDefined();
    });

    it('lets different businesses each have a pending request', async () => {
      await store.verifications.create(aVerification({ businessId: 'biz_1' }));

      await expect(store.verifications.create(aVerification({ businessId: 'biz_2' }))).resolves.toBeDefined();
    });

    it("lists a business's history newest first, within its environment only, both ways", async () => {
      const older = await store.verifications.create(
        aVerification({ businessId: 'biz_1', createdAt: at(1), status: 'rejected' }),
      );
      const newer = await store.verifications.create(aVerification({ businessId: 'biz_1', createdAt: at(2) }));
      const sandbox = await store.verifications.create(
        aVerification({ businessId: 'biz_1', environment: 'test', createdAt: at(3) }),
      );

      expect(await store.verifications.listByBusiness('live', 'biz_1')).toEqual([newer, older]);
      expect(await store.verifications.listByBusiness('test', 'biz_1')).toEqual([sandbox]);
      expect(await store.verifications.listByBusiness('live', 'biz_none')).toEqual([]);
    });

    it('lists pending requests of every business newest first, up to the limit', async () => {
      const a = await store.verifications.create(aVerification({ createdAt: at(1) }));
      const b = await store.verifications.create(aVerification({ createdAt: at(2), environment: 'test' }));
      const c = await store.verifications.create(aVerification({ createdAt: at(3) }));
      const decided = await store.verifications.create(aVerification({ createdAt: at(4) }));
      await store.verifications.decide(decided.id, { status: 'approved', decidedBy: 'acct_admin', decidedAt: at(5) });

      expect(await store.verifications.listPending(10)).toEqual([c, b, a]);
      expect(await store.verifications.listPending(2)).toEqual([c, b]);
    });

    it('decides a pending request once; a second decision or an unknown id gets null', async () => {
      const request = await store.verifications.create(aVerification());
      const decision = { status: 'approved' as const, decidedBy: 'acct_admin', decisionNote: 'Licence checked', decidedAt: at(5) };

      const decided = await store.verifications.decide(request.id, decision);

      expect(decided).toEqual({ ...request, ...decision });
      expect(await store.verifications.get(request.id)).toEqual({ ...request, ...decision });
      expect(
        await store.verifications.decide(request.id, { status: 'rejected', decidedBy: 'acct_other', decidedAt: at(6) }),
      ).toBeNull();
      expect((await store.verifications.get(request.id))?.status).toBe('approved');
      expect(await store.verifications.decide('ver_unknown', decision)).toBeNull();
    });

    it('records a rejection without a note as having no note', async () => {
      const request = await store.verifications.create(aVerification());

      const decided = await store.verifications.decide(request.id, {
        status: 'rejected',
        decidedBy: 'acct_admin',
        decidedAt: at(5),
      });

      expect(decided).toEqual({ ...request, status: 'rejected', decidedBy: 'acct_admin', decidedAt: at(5) });
      expect(decided).not.toHaveProperty('decisionNote');
    });
  });
}
