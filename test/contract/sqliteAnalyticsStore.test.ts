import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteAnalyticsStore } from '../../src/adapters/sqlite/analytics/sqliteAnalyticsStore';
import { anEvent } from '../fixtures/analyticsEvents';
import { analyticsStoreContract } from './analyticsStore.contract';

analyticsStoreContract('embedded SQLite (in memory)', async () => createSqliteAnalyticsStore({ file: ':memory:' }));

// On a file, writes run on the writer thread: the same contract through it.
const fileStores: string[] = [];
analyticsStoreContract('embedded SQLite (a file, writer thread)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bdapi-analytics-contract-'));
  fileStores.push(dir);
  return createSqliteAnalyticsStore({ file: join(dir, 'analytics.db') });
});
afterAll(() => {
  for (const dir of fileStores) rmSync(dir, { recursive: true, force: true });
});

describe('SQLite analytics store on a file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bdapi-analytics-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps events and their de-duplication keys across close and reopen', async () => {
    const file = join(dir, 'analytics.db');
    const first = createSqliteAnalyticsStore({ file });
    await first.append([anEvent({ eventId: 'kept' })]);
    await first.close();
    const reopened = createSqliteAnalyticsStore({ file });
    try {
      expect(await reopened.append([anEvent({ eventId: 'kept' })])).toEqual({ accepted: 0, duplicates: 1 });
    } finally {
      await reopened.close();
    }
  });
});
