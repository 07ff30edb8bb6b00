// Chooses the SearchIndex adapter: Elasticsearch when ELASTICSEARCH_URL is set, otherwise
// the embedded SQLite FTS5 index under DATA_DIR. The Elasticsearch client loads only when configured.
import { join } from 'node:path';
import { rankExtension } from '../adapters/sqlite/search/rankExtension';
import { createSqliteSearchIndex } from '../adapters/sqlite/search/sqliteSearchIndex';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { SearchIndex } from '../ports/searchIndex';

type SearchIndexConfig = Pick<Config, 'dataDir' | 'elasticsearchUrl' | 'elasticsearchIndex' | 'searchReaderThreads' | 'searchRankExtension' | 'searchTopText'>;

export async function openSearchIndex(config: SearchIndexConfig, logger: Logger): Promise<SearchIndex> {
  if (config.elasticsearchUrl) {
    const { createElasticsearchIndex } = await import('../adapters/elasticsearch/elasticsearchIndex');
    const index = createElasticsearchIndex({ node: config.elasticsearchUrl, alias: config.elasticsearchIndex, logger: logger.child({ component: 'elasticsearch' }) });
    try {
      await index.ping();
    } catch (error) {
      await index.close();
      throw error;
    }
    return index;
  }
  const index = createSqliteSearchIndex({
    file: join(config.dataDir, 'search.db'),
    readerThreads: config.searchReaderThreads,
    rankExtension: config.searchRankExtension,
    topText: config.searchTopText,
  });
  await index.ping();
  if (config.searchRankExtension) logRankExtension(logger);
  return index;
}

/** Says whether the embedded index uses its native extension; without it the results are the same, only slower. */
function logRankExtension(logger: Logger): void {
  const extension = rankExtension();
  if (extension.library !== null) logger.info({ library: extension.library }, 'search index scores text with the bm25_given extension and computes distances in C');
  else logger.warn({ reason: extension.reason }, "search extension unavailable: the search index scores text with FTS5's bm25() and computes distances in JavaScript, slower at scale");
}
