// `npm run webhooks`: the webhook dispatcher as its own process (for scale: run one or more,
// with IN_PROCESS_WEBHOOKS=false on the API). Dispatchers share the store's outbox through
// leases, so several can run at once. SIGTERM stops leasing, lets attempts in flight finish and
// records them, then exits; a process killed mid-attempt leaves a lease that runs out, and the
// delivery is attempted again by whichever dispatcher runs next.
import './compileCache';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { composeWebhookDispatcher } from './composeWorkers';
import { openStore } from './openStore';
import { withStartupRetry } from './startupRetry';
import { runWorker, stopOnSignal } from './workerProcess';

runWorker('webhook dispatcher', async () => {
  const config = loadConfig();
  const logger = createLogger(config.logLevel).child({ component: 'webhooks' });
  const store = await withStartupRetry('store', () => openStore(config, logger), config.startupTimeoutSeconds, logger);
  const dispatcher = composeWebhookDispatcher(config, store, logger);
  dispatcher.start();
  logger.info('webhook dispatcher running');
  stopOnSignal('webhook dispatcher', logger, [() => dispatcher.stop(), () => store.close()]);
});
