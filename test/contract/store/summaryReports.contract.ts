// Store contract, reports of wrong summaries: one report per caller per answer (a repeat
// gets the first back), pages of one environment, of one named business, and how many a caller
// made since a moment.
import type { SummaryReport } from '../../../src/domain/summaries/summaryReport';
import type { Store } from '../../../src/ports/store';
import { at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

let sequence = 0;
function aReport(overrides: Partial<SummaryReport> = {}): SummaryReport {
  sequence += 1;
  return {
    id: `srp_report${String(sequence).padStart(6, '0')}`,
    environment: 'live',
    requestId: `req_answer${sequence}`,
    businessIds: ['biz_green000001', 'biz_basil0000002'],
    reason: 'inaccurate',
    details: 'It says they open at 8; the door says 10.',
    summary: { generatedBy: 'model', model: 'gpt-4o-mini', generatedAt: at(0), text: 'Green Leaf Kitchen opens at 8.' },
    reporterAccountId: 'acct_reporter01',
    createdAt: at(1),
    ...overrides,
  };
}

export function summaryReportsContract(suite: StoreSuite): void {
  describe('summary reports', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('stores a report whole; the same caller reporting the same answer again gets the first report back, unchanged', async () => {
      const report = aReport();
      expect(await store.summaryReports.create(report)).toEqual({ report, created: true });

      const again = aReport({ requestId: report.requestId, reason: 'other', details: 'again' });
      expect(await store.summaryReports.create(again)).toEqual({ report, created: false });
      // Another caller, or the same caller in the sandbox, makes a report of its own.
      const other = aReport({ requestId: report.requestId, reporterAccountId: 'acct_reporter02' });
      expect((await store.summaryReports.create(other)).created).toBe(true);
      const sandbox = aReport({ requestId: report.requestId, environment: 'test' });
      expect((await store.summaryReports.create(sandbox)).created).toBe(true);
      expect((await store.summaryReports.page({ environment: 'live' }, { limit: 10 })).items).toEqual([report, other]);
    });

    it('keeps a report without details or quoted text exactly as given', async () => {
      const report = aReport({ details: undefined, summary: { generatedBy: 'template', generatedAt: at(0) }, businessIds: [] });
      delete report.details;
      await store.summaryReports.create(report);
      expect((await store.summaryReports.page({ environment: 'live' }, { limit: 10 })).items).toEqual([report]);
    });

    it('pages one environment oldest first by (createdAt, id) with a total, and only the reports naming a business', async () => {
      const a = aReport({ id: 'srp_aaaaaa', createdAt: at(1), businessIds: ['biz_green000001'] });
      const b = aReport({ id: 'srp_bbbbbb', createdAt: at(1), businessIds: ['biz_basil0000002'] });
      const c = aReport({ id: 'srp_cccccc', createdAt: at(2), businessIds: ['biz_green000001', 'biz_basil0000002'] });
      const elsewhere = aReport({ id: 'srp_dddddd', createdAt: at(0), environment: 'test', businessIds: ['biz_green000001'] });
      for (const report of [c, b, a, elsewhere]) await store.summaryReports.create(report);

      const first = await store.summaryReports.page({ environment: 'live' }, { limit: 2 });
      expect(first).toEqual({ items: [a, b], next: { createdAt: at(1), id: 'srp_bbbbbb' }, total: 3 });
      expect(await store.summaryReports.page({ environment: 'live' }, { limit: 2, after: first.next })).toEqual({ items: [c], total: 3 });

      const green = await store.summaryReports.page({ environment: 'live', businessId: 'biz_green000001' }, { limit: 1 });
      expect(green).toEqual({ items: [a], next: { createdAt: at(1), id: 'srp_aaaaaa' }, total: 2 });
      expect(await store.summaryReports.page({ environment: 'live', businessId: 'biz_green000001' }, { limit: 1, after: green.next })).toEqual({ items: [c], total: 2 });
      expect(await store.summaryReports.page({ environment: 'test', businessId: 'biz_green000001' }, { limit: 10 })).toEqual({ items: [elsewhere], total: 1 });
      expect(await store.summaryReports.page({ environment: 'live', businessId: 'biz_nobody000001' }, { limit: 10 })).toEqual({ items: [], total: 0 });
    });

    it('counts the reports a caller made since a moment, in every environment, with the oldest of them', async () => {
      await store.summaryReports.create(aReport({ createdAt: at(1) }));
      await store.summaryReports.create(aReport({ createdAt: at(2), environment: 'test' }));
      await store.summaryReports.create(aReport({ createdAt: at(3) }));
      await store.summaryReports.create(aReport({ createdAt: at(3), reporterAccountId: 'acct_reporter02' }));

      expect(await store.summaryReports.madeSince('acct_reporter01', at(2))).toEqual({ count: 2, oldest: at(2) });
      expect(await store.summaryReports.madeSince('acct_reporter01', at(0))).toEqual({ count: 3, oldest: at(1) });
      expect(await store.summaryReports.madeSince('acct_reporter01', at(4))).toEqual({ count: 0 });
    });
  });
}
