// Store contract, verifications: one pending request per business, history, the pending queue, decisions.
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

    it("pages one environment's pending requests oldest first, with the total", async () => {
      const b = await store.verifications.create(aVerification({ createdAt: at(2) }));
      const a = await store.verifications.create(aVerification({ createdAt: at(1) }));
      const c1 = await store.verifications.create(aVerification({ createdAt: at(3) }));
      const c2 = await store.verifications.create(aVerification({ createdAt: at(3) }));
      await store.verifications.create(aVerification({ createdAt: at(0), environment: 'test' }));
      const decided = await store.verifications.create(aVerification({ createdAt: at(0) }));
      await store.verifications.decide(decided.id, { status: 'approved', decidedBy: 'acct_admin', decidedAt: at(5) });
      // Ties on createdAt go by id in code-unit order (what both engines compare), not localeCompare's.
      const [first3, last3] = [c1, c2].sort((x, y) => (x.id < y.id ? -1 : 1));

      const page1 = await store.verifications.listPending('live', { limit: 3 });
      expect(page1).toEqual({ items: [a, b, first3], next: { createdAt: first3.createdAt, id: first3.id }, total: 4 });
      // A request decided between pages shifts nothing: the next page starts after the last one seen.
      await store.verifications.decide(a.id, { status: 'rejected', decidedBy: 'acct_admin', decidedAt: at(6) });
      expect(await store.verifications.listPending('live', { after: page1.next, limit: 3 })).toEqual({ items: [last3], total: 3 });
      expect((await store.verifications.listPending('test', { limit: 3 })).items.map((request) => request.environment)).toEqual(['test']);
    });

    it("rejects a business's pending request when its profile is deleted, in that environment only", async () => {
      const pending = await store.verifications.create(aVerification({ businessId: 'biz_gone' }));
      const sandbox = await store.verifications.create(aVerification({ businessId: 'biz_gone', environment: 'test' }));
      const decision = { decidedBy: 'system', decisionNote: 'Profile deleted', decidedAt: at(7) };

      const closed = await store.verifications.rejectPendingOfBusiness('live', 'biz_gone', decision);

      expect(closed).toEqual([{ ...pending, ...decision, status: 'rejected' }]);
      expect(await store.verifications.get(pending.id)).toEqual({ ...pending, ...decision, status: 'rejected' });
      expect((await store.verifications.get(sandbox.id))?.status).toBe('pending');
      expect(await store.verifications.rejectPendingOfBusiness('live', 'biz_gone', decision)).toEqual([]);
      // The one-pending slot is free again.
      await expect(store.verifications.create(aVerification({ businessId: 'biz_gone' }))).resolves.toBeDefined();
    });

    it('moves an approved request to rejected only when asked to from approved, dropping its note', async () => {
      const request = await store.verifications.create(aVerification());
      await store.verifications.decide(request.id, { status: 'approved', decidedBy: 'acct_admin', decisionNote: 'ok', decidedAt: at(5) });
      const undo = { status: 'rejected' as const, decidedBy: 'system', decidedAt: at(6) };

      expect(await store.verifications.decide(request.id, undo)).toBeNull();
      const undone = await store.verifications.decide(request.id, undo, 'approved');

      expect(undone).toEqual({ ...request, ...undo });
      expect(await store.verifications.get(request.id)).toEqual({ ...request, ...undo });
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
