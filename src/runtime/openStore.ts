// Chooses the Store adapter from configuration: MongoDB when MONGODB_URI is set,
// otherwise the embedded SQLite database under DATA_DIR.
import { join } from 'node:path';
import { createSqliteStore } from '../adapters/sqlite/store/sqliteStore';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Store } from '../ports/store';

export async function openStore(config: Pick<Config, 'dataDir' | 'mongodbUri'>, _logger?: Logger): Promise<Store> {
  if (config.mongodbUri) {
    throw new Error('MONGODB_URI support is not wired yet');
  }
  return createSqliteStore({ file: join(config.dataDir, 'store.db') });
}
