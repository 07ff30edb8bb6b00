// Chooses the SearchIndex adapter: Elasticsearch when ELASTICSEARCH_URL is set, otherwise
// the embedded SQLite FTS5 index under DATA_DIR.
import { join } from 'node:path';
import { createElasticsearchIndex } from '../adapters/elasticsearch/elasticsearchIndex';
import { createSqliteSearchIndex } from '../adapters/sqlite/search/sqliteSearchIndex';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { SearchIndex } from '../ports/searchIndex';

export async function openSearchIndex(config: Pick<Config, 'dataDir' | 'elasticsearchUrl' | 'elasticsearchIndex' | 'searchReaderThreads'>, logger: Logger): Promise<SearchIndex> {
  if (config.elasticsearchUrl) {
    const index = createElasticsearchIndex({ node: config.elasticsearchUrl, alias: config.elasticsearchIndex, logger: logger.child({ component: 'elasticsearch' }) });
    try {
      await index.ping();
    } catch (error) {
      await index.close();
      throw error;
    }
    return index;
  }
  const index = createSqliteSearchIndex({ file: join(config.dataDir, 'search.db'), readerThreads: config.searchReaderThreads });
  await index.ping();
  return index;
}
