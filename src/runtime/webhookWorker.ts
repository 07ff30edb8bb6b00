// `npm run webhooks`: the webhook dispatcher as its own process (for scale: run one or more,
// with IN_PROCESS_WEBHOOKS=false on the API). Dispatchers share the store's outbox through
// leases, so several can run at once. SIGTERM stops leasing, lets attempts in flight finish and
// records them, then exits; a process killed mid-attempt leaves a lease that runs out, and the
// delivery is attempted again by whichever dispatcher runs next.
import './compileCache';
import { loadConfig } from '../config';
import { createAddressPolicy } from '../domain/webhooks/addressPolicy';
import { createSecretBox } from '../domain/webhooks/secretBox';
import { createLogger } from '../logger';
import { createWebhookDispatcher } from '../services/webhooks/dispatcher';
import { openStore } from './openStore';
import { withStartupRetry } from './startupRetry';
import { runWorker, stopOnSignal } from './workerProcess';

runWorker('webhook dispatcher', async () => {
  const config = loadConfig();
  const logger = createLogger(config.logLevel).child({ component: 'webhooks' });
  const store = await withStartupRetry('store', () => openStore(config, logger), config.startupTimeoutSeconds, logger);
  const dispatcher = createWebhookDispatcher({
    webhooks: store.webhooks,
    secrets: createSecretBox(config.webhooks.secretKey),
    policy: createAddressPolicy(config.webhooks.allowedCidrs),
    logger,
    timeoutMs: config.webhooks.timeoutSeconds * 1000,
    ...(config.webhooks.leaseSeconds > 0 && { leaseMs: config.webhooks.leaseSeconds * 1000 }),
  });
  dispatcher.start();
  logger.info('webhook dispatcher running');
  stopOnSignal('webhook dispatcher', logger, [() => dispatcher.stop(), () => store.close()]);
});
