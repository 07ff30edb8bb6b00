// `npm run webhooks`: the webhook dispatcher as its own process (for scale: run one or more,
// with IN_PROCESS_WEBHOOKS=false on the API). Dispatchers share the store's outbox through
// leases, so several can run at once. SIGTERM stops leasing, lets attempts in flight finish and
// records them, then exits; a process killed mid-attempt leaves a lease that runs out, and the
// delivery is attempted again by whichever dispatcher runs next.
import { ConfigError, loadConfig } from '../src/config';
import { createAddressPolicy } from '../src/domain/webhooks/addressPolicy';
import { createSecretBox } from '../src/domain/webhooks/secretBox';
import { createLogger } from '../src/logger';
import { openStore } from '../src/runtime/openStore';
import { withStartupRetry } from '../src/runtime/startupRetry';
import { createWebhookDispatcher } from './dispatcher';

async function main(): Promise<void> {
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

  const stop = async (signal: string) => {
    logger.info({ signal }, 'stopping webhook dispatcher');
    await dispatcher.stop();
    await store.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`webhook dispatcher failed to start: ${(error as Error).message}`);
  process.exit(1);
});
