import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { importContract } from './import.contract';

importContract('embedded SQLite store and index', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'import-sqlite-'));
  const store = createSqliteStore({ file: join(dataDir, 'store.db') });
  const index = createSqliteSearchIndex({ file: join(dataDir, 'search.db'), readerThreads: 0 });
  return {
    store,
    index,
    storeConfig: { dataDir },
    async close() {
      await index.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
