// Store contract, partnership agreements: records round-trip, per-account lists,
// filtered keyset pages, and updates guarded by the stored status.
import type { Store } from '../../../src/ports/store';
import { at } from '../../fixtures/profiles';
import { aPartnerAgreement } from '../../fixtures/partnerAgreements';
import type { StoreSuite } from './storeSuite';

export function partnerAgreementsContract(suite: StoreSuite): void {
  describe('partner agreements', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('stores an agreement whole and reads it back by id; an unknown id is null', async () => {
      const agreement = aPartnerAgreement({ endDate: '2026-12-31', note: 'Signed by Ada' });

      expect(await store.partnerAgreements.create(agreement)).toEqual(agreement);

      expect(await store.partnerAgreements.get(agreement.id)).toEqual(agreement);
      expect(await store.partnerAgreements.get('pag_unknown000000')).toBeNull();
    });

    it("lists one account's agreements, oldest first, and no one else's", async () => {
      const newer = await store.partnerAgreements.create(aPartnerAgreement({ accountId: 'acct_partner1', createdAt: at(2) }));
      const older = await store.partnerAgreements.create(aPartnerAgreement({ accountId: 'acct_partner1', createdAt: at(1), areas: ['partner_search'] }));
      await store.partnerAgreements.create(aPartnerAgreement({ accountId: 'acct_partner2', createdAt: at(0) }));

      expect(await store.partnerAgreements.listByAccount('acct_partner1')).toEqual([older, newer]);
      expect(await store.partnerAgreements.listByAccount('acct_nobody')).toEqual([]);
    });

    it('pages oldest first by (createdAt, id) with a total, filtered by account and status', async () => {
      const a = await store.partnerAgreements.create(aPartnerAgreement({ id: 'pag_aaaaaa', accountId: 'acct_one000', createdAt: at(1) }));
      const b = await store.partnerAgreements.create(aPartnerAgreement({ id: 'pag_bbbbbb', accountId: 'acct_two000', createdAt: at(1) }));
      const c = await store.partnerAgreements.create(aPartnerAgreement({ id: 'pag_cccccc', accountId: 'acct_one000', createdAt: at(2), status: 'suspended' }));

      const first = await store.partnerAgreements.page({}, { limit: 2 });
      expect(first).toEqual({ items: [a, b], next: { createdAt: at(1), id: 'pag_bbbbbb' }, total: 3 });
      expect(await store.partnerAgreements.page({}, { limit: 2, after: first.next })).toEqual({ items: [c], total: 3 });
      expect(await store.partnerAgreements.page({ accountId: 'acct_one000' }, { limit: 10 })).toEqual({ items: [a, c], total: 2 });
      expect(await store.partnerAgreements.page({ status: 'suspended' }, { limit: 10 })).toEqual({ items: [c], total: 1 });
      expect(await store.partnerAgreements.page({ accountId: 'acct_two000', status: 'suspended' }, { limit: 10 })).toEqual({ items: [], total: 0 });
    });

    it('applies a patch and moves updatedAt; null removes endDate and note', async () => {
      const agreement = await store.partnerAgreements.create(aPartnerAgreement({ endDate: '2026-12-31', note: 'trial' }));

      const updated = await store.partnerAgreements.update(agreement.id, { status: 'suspended', endDate: null, note: null, areas: ['event_ingestion'] }, at(5), ['active', 'suspended']);

      const { endDate: _end, note: _note, ...rest } = agreement;
      const expected = { ...rest, status: 'suspended', areas: ['event_ingestion'], updatedAt: at(5) };
      expect(updated).toEqual(expected);
      expect(await store.partnerAgreements.get(agreement.id)).toEqual(expected);
    });

    it('changes nothing when the stored status is not one it may change from, or the id is unknown', async () => {
      const agreement = await store.partnerAgreements.create(aPartnerAgreement({ status: 'terminated' }));

      expect(await store.partnerAgreements.update(agreement.id, { status: 'active' }, at(5), ['active', 'suspended'])).toBeNull();
      expect(await store.partnerAgreements.update('pag_unknown000000', { status: 'active' }, at(5), ['active', 'suspended'])).toBeNull();
      expect(await store.partnerAgreements.get(agreement.id)).toEqual(agreement);
    });
  });
}
