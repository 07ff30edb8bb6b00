// The import contract on the production engines: the MongoDB wire server (store, change stream)
// and Elasticsearch (search index), both started by the harness.
import { createElasticsearchIndex } from '../../src/adapters/elasticsearch/elasticsearchIndex';
import { createMongoStore } from '../../src/adapters/mongo/mongoStore';
import { importContract } from '../contract/import.contract';
import { startElasticsearch, type ElasticsearchHarness } from '../harness/elasticsearch';
import { useMongo } from '../harness/mongo';

const mongo = useMongo();
// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let es: ElasticsearchHarness;

beforeAll(async () => {
  es = teardown.adopt(await startElasticsearch(), (engine) => engine.stop());
}, 300_000);
afterAll(() => teardown.disposeAsync(), 60_000);

importContract('MongoDB (mongo-java-server) store and Elasticsearch index', async () => {
  const dbName = `import_${process.pid}`;
  // The suite's harness gives the server's address; an import thread connects to this database of it.
  const uri = mongo.url.replace('/?', `/${dbName}?`);
  const store = await createMongoStore({ uri, serverSelectionTimeoutMS: 5_000 });
  const index = createElasticsearchIndex({ node: es.url, alias: `profiles_import_${process.pid}` });
  return {
    store,
    index,
    storeConfig: { dataDir: '/nonexistent', mongodbUri: uri },
    async close() {
      await index.close();
      await mongo.admin.getClient().db(dbName).dropDatabase();
      await store.close();
    },
  };
});
