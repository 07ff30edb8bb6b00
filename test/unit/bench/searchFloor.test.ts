import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteSearchIndex } from '../../../src/adapters/sqlite/search/sqliteSearchIndex';
import type { SearchQuery } from '../../../src/ports/searchIndex';
import type { Scenario } from '../../../scripts/bench/benchScenarios';
import { startSearchFloor } from '../../../scripts/bench/searchFloor';
import { liveDocuments } from '../../fixtures/searchDocuments';

it('answers each benchmark request with its index query\'s page of items, and anything else with 404', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-floor-test-'));
  const index = createSqliteSearchIndex({ file: join(dataDir, 'search.db') });
  await index.apply(liveDocuments.map((document) => ({ type: 'upsert' as const, document })));
  await index.close();
  const query = (fields: Partial<SearchQuery>): SearchQuery => ({ environment: 'live', sort: 'name', order: 'asc', limit: 20, offset: 0, ...fields });
  const scenario: Pick<Scenario, 'requests' | 'indexQueries'> = {
    requests: [
      { method: 'GET', path: '/v1/api/v1/directory?sortBy=name' },
      { method: 'POST', path: '/v1/api/v1/consumer/search', body: '{"query":"anything","limit":2}' },
    ],
    indexQueries: async () => [query({ limit: 3 }), query({ limit: 100 })],
  };
  const floor = await startSearchFloor([scenario], { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEARCH_READER_THREADS: '0' });
  try {
    const listing = (await (await fetch(`${floor.baseUrl}/v1/api/v1/directory?sortBy=name`)).json()) as { total: number; businesses: Array<{ id: string }> };
    expect(listing.total).toBe(liveDocuments.length);
    expect(listing.businesses).toHaveLength(3);
    // Items as the API presents them: verified and aiVisibilityScore, not the stored document's hours.
    expect(listing.businesses[0]).toHaveProperty('verified');
    expect(listing.businesses[0]).toHaveProperty('aiVisibilityScore');
    expect(listing.businesses[0]).not.toHaveProperty('hours');
    // A consumer request answers its own page size, not the candidates the index was asked for.
    const consumer = await fetch(`${floor.baseUrl}/v1/api/v1/consumer/search`, { method: 'POST', body: '{"query":"anything","limit":2}' });
    expect(((await consumer.json()) as { businesses: unknown[] }).businesses).toHaveLength(2);
    expect((await fetch(`${floor.baseUrl}/v1/api/v1/directory?sortBy=rating`)).status).toBe(404);
  } finally {
    await floor.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 30_000);
