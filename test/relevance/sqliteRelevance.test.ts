// The relevance set on the embedded index (the Elasticsearch run is in test/integration/elasticsearchIndex.test.ts).
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { relevanceContract } from './relevance.contract';

relevanceContract('sqlite', async () => createSqliteSearchIndex({ file: ':memory:' }));
