// `npm run indexer`: the change-feed indexer as its own process (the production shape, with
// IN_PROCESS_INDEXER=false on the API). SIGTERM finishes the batch in flight, commits its
// position and exits.
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { openSearchIndex } from '../src/runtime/openSearchIndex';
import { openStore } from '../src/runtime/openStore';
import { withStartupRetry } from '../src/runtime/startupRetry';
import { runWorker, stopOnSignal } from '../src/runtime/workerProcess';
import { createIndexer } from './indexer';

runWorker('indexer', async () => {
  const config = loadConfig();
  const logger = createLogger(config.logLevel).child({ component: 'indexer' });
  const store = await withStartupRetry('store', () => openStore(config, logger), config.startupTimeoutSeconds, logger);
  const index = await withStartupRetry('search index', () => openSearchIndex(config, logger), config.startupTimeoutSeconds, logger);
  const indexer = createIndexer({ feed: store.changeFeed, checkpoints: store.checkpoints, profiles: store.profiles, index, logger });
  indexer.start();
  logger.info('indexer running');

  const report = setInterval(async () => logger.info(await indexer.status(), 'indexer status'), 60_000);
  report.unref();
  stopOnSignal('indexer', logger, [() => indexer.stop(), () => index.close(), () => store.close()]);
});
