// Store contract, reports that a business closed or that its information is wrong: one open report
// per reporter, business and kind (a repeat gets the first back; once answered, a new one may be
// made), reports read back whole, answered by replace, paged per business and status, and counted
// per reporter since a moment.
import { type InformationReport, openKeyOf } from '../../../src/domain/freshness/informationReport';
import type { Store } from '../../../src/ports/store';
import { at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

let sequence = 0;
function aReport(overrides: Partial<InformationReport> = {}): InformationReport {
  sequence += 1;
  const fields = { environment: 'live' as const, businessId: 'biz_lakeside0001', reporter: 'acct:acct_reporter01', kind: 'closed' as const, ...overrides };
  return {
    id: `irp_report${String(sequence).padStart(6, '0')}`,
    details: 'Boarded up since last week.',
    status: 'open',
    createdAt: at(sequence),
    updatedAt: at(sequence),
    ...fields,
    openKey: overrides.openKey ?? openKeyOf(fields),
  };
}

export function informationReportsContract(suite: StoreSuite): void {
  describe('information reports', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('stores a report whole; the same reporter\'s open report of the same kind comes back instead of a second', async () => {
      const report = aReport();
      expect(await store.informationReports.create(report)).toEqual({ report, created: true });
      const again = aReport({ details: 'Still closed.' });
      expect(await store.informationReports.create(again)).toEqual({ report, created: false });
      // Another kind, another reporter, another business, the sandbox: each a report of its own.
      for (const other of [
        aReport({ kind: 'wrong_information' }),
        aReport({ reporter: 'addr:9f2c' }),
        aReport({ businessId: 'biz_other000001' }),
        aReport({ environment: 'test' }),
      ]) {
        expect((await store.informationReports.create(other)).created).toBe(true);
      }
      expect(await store.informationReports.get('live', report.businessId, report.id)).toEqual(report);
      expect(await store.informationReports.get('test', report.businessId, report.id)).toBeUndefined();
      expect(await store.informationReports.get('live', 'biz_other000001', report.id)).toBeUndefined();
    });

    it('keeps a report without details exactly as given', async () => {
      const report = aReport({ businessId: 'biz_nodetails01' });
      delete report.details;
      await store.informationReports.create(report);
      expect(await store.informationReports.get('live', 'biz_nodetails01', report.id)).toEqual(report);
    });

    it('stores an answer by replace; once answered, the same reporter may report again', async () => {
      const report = aReport({ businessId: 'biz_answered001' });
      await store.informationReports.create(report);
      const answered: InformationReport = { ...report, status: 'dismissed', openKey: report.id, answer: { note: 'Open as usual.', answeredAt: at(50) }, updatedAt: at(50) };
      expect(await store.informationReports.replace(answered)).toEqual(answered);
      expect(await store.informationReports.get('live', report.businessId, report.id)).toEqual(answered);
      const again = aReport({ businessId: 'biz_answered001' });
      expect(await store.informationReports.create(again)).toEqual({ report: again, created: true });
      expect(await store.informationReports.replace({ ...answered, id: 'irp_missing000001' })).toBeUndefined();
    });

    it('pages a business\'s reports oldest first, all or of one status, with the total', async () => {
      const businessId = 'biz_paged000001';
      const reports = [
        aReport({ businessId, reporter: 'acct:a' }),
        aReport({ businessId, reporter: 'acct:b', status: 'fixed', openKey: 'irp_fixedkey0001' }),
        aReport({ businessId, reporter: 'acct:c' }),
      ];
      for (const report of reports) await store.informationReports.create(report);
      const first = await store.informationReports.page({ environment: 'live', businessId }, { limit: 2 });
      expect(first.items).toEqual(reports.slice(0, 2));
      expect(first.total).toBe(3);
      const second = await store.informationReports.page({ environment: 'live', businessId }, { limit: 2, after: first.next });
      expect(second.items).toEqual(reports.slice(2));
      expect(second.next).toBeUndefined();
      const open = await store.informationReports.page({ environment: 'live', businessId, status: 'open' }, { limit: 10 });
      expect([open.items, open.total]).toEqual([[reports[0], reports[2]], 2]);
    });

    it('counts a reporter\'s reports since a moment, in every environment, with the oldest', async () => {
      const reporter = 'addr:counted';
      const made = [aReport({ reporter }), aReport({ reporter, environment: 'test' }), aReport({ reporter, kind: 'wrong_information' })];
      for (const report of made) await store.informationReports.create(report);
      expect(await store.informationReports.madeSince(reporter, made[1].createdAt)).toEqual({ count: 2, oldest: made[1].createdAt });
      expect(await store.informationReports.madeSince('addr:nobody', at(0))).toEqual({ count: 0 });
    });
  });
}
