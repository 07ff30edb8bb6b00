// Chooses the SearchIndex adapter: Elasticsearch when ELASTICSEARCH_URL is set, otherwise
// the embedded SQLite FTS5 index under DATA_DIR.
import { join } from 'node:path';
import { createSqliteSearchIndex } from '../adapters/sqlite/search/sqliteSearchIndex';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { SearchIndex } from '../ports/searchIndex';

export async function openSearchIndex(config: Pick<Config, 'dataDir' | 'elasticsearchUrl' | 'elasticsearchIndex'>, logger: Logger): Promise<SearchIndex> {
  if (config.elasticsearchUrl) {
    throw new Error(`ELASTICSEARCH_URL support is not wired yet (${logger.level})`);
  }
  const index = createSqliteSearchIndex({ file: join(config.dataDir, 'search.db') });
  await index.ping();
  return index;
}
