// The rollup property (test/contract/analytics/rollupProperty.ts) on the embedded store.
import { createSqliteAnalyticsStore } from '../../src/adapters/sqlite/analytics/sqliteAnalyticsStore';
import { checkRollupsAgainstRawEvents } from './analytics/rollupProperty';

it('answers every question from rollups exactly as from the raw events', async () => {
  await checkRollupsAgainstRawEvents({ createStore: async () => createSqliteAnalyticsStore({ file: ':memory:' }), numRuns: 150 });
}, 120_000);
