// `npm run indexer`: the change-feed indexer as its own process (the production shape, with
// IN_PROCESS_INDEXER=false on the API). SIGTERM finishes the batch in flight, commits its
// position and exits.
import '../src/runtime/compileCache';
import { createRedisClient, redisReady } from '../src/adapters/redis/redisClient';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { composeIndexer } from '../src/runtime/composeWorkers';
import { openSearchIndex } from '../src/runtime/openSearchIndex';
import { openStore } from '../src/runtime/openStore';
import { withStartupRetry } from '../src/runtime/startupRetry';
import { runWorker, stopOnSignal } from '../src/runtime/workerProcess';

runWorker('indexer', async () => {
  const config = loadConfig();
  const logger = createLogger(config.logLevel).child({ component: 'indexer' });
  const store = await withStartupRetry('store', () => openStore(config, logger), config.startupTimeoutSeconds, logger);
  const index = await withStartupRetry('search index', () => openSearchIndex(config, logger), config.startupTimeoutSeconds, logger);
  // With Redis, a lease: this process and any other indexer on the store (an API's in-process one) take turns.
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, { logger, connectionName: 'indexer' }) : undefined;
  if (redis) await withStartupRetry('Redis', () => redisReady(redis, 2000), config.startupTimeoutSeconds, logger);
  const indexer = composeIndexer({ store, index, redis, logger });
  indexer.start();
  logger.info('indexer running');

  const report = setInterval(() => {
    indexer.status().then(
      (status) => logger.info(status, 'indexer status'),
      (error: unknown) => logger.warn({ err: error }, 'could not read the indexer status'),
    );
  }, 60_000);
  report.unref();
  stopOnSignal('indexer', logger, [() => indexer.stop(), () => index.close(), () => store.close(), async () => redis?.disconnect()]);
});
