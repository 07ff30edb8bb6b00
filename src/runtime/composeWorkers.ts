// The background workers, built the same way wherever they run: inside the API process
// (openRuntime.ts, IN_PROCESS_INDEXER / IN_PROCESS_WEBHOOKS) or as processes of their own
// (`npm run indexer`, `npm run webhooks`), so the two never differ in their settings.
import type Redis from 'ioredis';
import { createIndexer, type Indexer } from '../../indexer/indexer';
import type { Config } from '../config';
import { createAddressPolicy } from '../domain/webhooks/addressPolicy';
import { createSecretBox } from '../domain/webhooks/secretBox';
import type { Logger } from '../logger';
import type { SearchIndex } from '../ports/searchIndex';
import type { Store } from '../ports/store';
import { createWebhookDispatcher, type WebhookDispatcher } from '../services/webhooks/dispatcher';
import { indexerLease } from './indexerLease';

/** The webhook dispatcher over the store's outbox, with the delivery settings of WEBHOOK_*. */
export function composeWebhookDispatcher(config: Pick<Config, 'webhooks'>, store: Pick<Store, 'webhooks'>, logger: Logger): WebhookDispatcher {
  return createWebhookDispatcher({
    webhooks: store.webhooks,
    secrets: createSecretBox(config.webhooks.secretKey),
    policy: createAddressPolicy(config.webhooks.allowedCidrs),
    logger,
    timeoutMs: config.webhooks.timeoutSeconds * 1000,
    ...(config.webhooks.leaseSeconds > 0 && { leaseMs: config.webhooks.leaseSeconds * 1000 }),
  });
}

/**
 * The change-feed indexer over the store and the index. With Redis, a lease: every indexer on the
 * store (an API's in-process one, `npm run indexer`) takes turns, one indexes, the others stand by.
 */
export function composeIndexer(deps: { store: Store; index: SearchIndex; redis?: Redis; logger: Logger; batchSize?: number }): Indexer {
  const { store } = deps;
  return createIndexer({
    feed: store.changeFeed,
    checkpoints: store.checkpoints,
    profiles: store.profiles,
    index: deps.index,
    logger: deps.logger,
    ...(deps.batchSize !== undefined && { batchSize: deps.batchSize }),
    lease: indexerLease(deps.redis),
  });
}
