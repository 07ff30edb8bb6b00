// The composition root: picks each engine from configuration (each production engine on its
// own: MONGODB_URI, ELASTICSEARCH_URL, REDIS_URL), waits for configured backends with
// bounded backoff, starts the in-process indexer when asked, and knows how to close it all.
// Each production engine's client (MongoDB, Elasticsearch, Redis, OpenAI) is loaded only when it is
// configured: the embedded default holds none of them.
import { join } from 'node:path';
import type Redis from 'ioredis';
import type { AppDeps } from '../app';
import { useSearchLanguages } from '../domain/categories/searchLanguages';
import { createLruSessionStore } from '../adapters/memory/lruSessionStore';
import { createMemoryCache } from '../adapters/memory/memoryCache';
import type { MongoStore } from '../adapters/mongo/mongoStore';
import { createRedisCache } from '../adapters/redis/redisCache';
import { createSqliteOAuthStorage } from '../adapters/sqlite/oauth/sqliteOAuthStorage';
import { createRedisSessionStore } from '../adapters/redis/redisSessionStore';
import { createRedisMcpSessions } from '../adapters/redis/redisMcpSessions';
import { createMemoryMcpSessions } from '../adapters/memory/memoryMcpSessions';
import { createMemoryAuthFailureLimiter, createMemoryRateLimiter } from '../adapters/memory/memoryLimiters';
import { createRedisAuthFailureLimiter, createRedisRateLimiter } from '../adapters/redis/redisLimiters';
import type { Config } from '../config';
import { createPageRateLimit, createRateLimitCheck } from '../core/rateLimitCheck';
import { createIndexNowNotifier, type IndexNowNotifier } from '../services/publicPages/indexNowNotifier';
import { ADDRESS_FAILURES } from '../domain/authFailureLimits';
import { rotationPolicy } from '../domain/oauth/signingKeyRotation';
import type { Logger } from '../logger';
import type { ReadinessReport } from '../ports/readiness';
import type { Indexer } from '../../indexer/indexer';
import type { WebhookDispatcher } from '../services/webhooks/dispatcher';
import { readIndexerProgress } from '../../indexer/indexerProgress';
import { openAnalyticsStore, scheduleRawEventPurge, scheduleRollupCatchUp } from './openAnalyticsStore';
import { INDEXNOW_LEASE, jobLease } from './indexerLease';
import { composeIndexer, composeWebhookDispatcher } from './composeWorkers';
import { openSearchIndex } from './openSearchIndex';
import { openPersistence } from './openStore';
import { withStartupRetry } from './startupRetry';
import type { EventRecorder } from '../ports/eventRecorder';
import { createBufferedEventRecorder } from '../services/analytics/bufferedEventRecorder';
import { createPaymentServices } from '../services/payments/paymentServices';
import { openPaymentProviders } from './openPaymentProviders';

export interface Engines {
  store: 'sqlite' | 'mongodb';
  search: 'sqlite' | 'elasticsearch';
  sessions: 'memory' | 'redis';
  llm: 'rules' | 'openai';
  analytics: 'sqlite' | 'elasticsearch';
}

export interface Runtime {
  appDeps: Omit<AppDeps, 'config' | 'logger'>;
  engines: Engines;
  indexer?: Indexer;
  webhookDispatcher?: WebhookDispatcher;
  close(): Promise<void>;
}

export async function openRuntime(
  config: Config,
  logger: Logger,
  options: { withIndexer?: boolean; withWebhookDispatcher?: boolean; withPaymentWorker?: boolean } = {},
): Promise<Runtime> {
  const timeout = config.startupTimeoutSeconds;
  // Which languages search reads kinds in; each one's words load on first use, not here.
  useSearchLanguages(config.searchLanguages);
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch((error) => logger.warn({ err: error }, 'close failed'));
  };
  try {
    const { store, mediaStorage } = await withStartupRetry(config.mongodbUri ? 'MongoDB' : 'SQLite store', () => openPersistence(config, logger), timeout, logger);
    closers.push(() => store.close());
    // OAuth server records: next to the store (its own collection on MongoDB, its own file on SQLite).
    const oauthStorage = config.mongodbUri
      ? await (await import('../adapters/mongo/mongoOAuthStorage')).createMongoOAuthStorage({ connection: (store as MongoStore).connection })
      : createSqliteOAuthStorage({ file: join(config.dataDir, 'oauth.db') });
    closers.push(() => oauthStorage.close());
    const searchIndex = await withStartupRetry(config.elasticsearchUrl ? 'Elasticsearch' : 'SQLite search index', () => openSearchIndex(config, logger), timeout, logger);
    closers.push(() => searchIndex.close());
    const analytics = await withStartupRetry(config.analyticsEngine === 'elasticsearch' ? 'Elasticsearch analytics' : 'SQLite analytics', () => openAnalyticsStore(config, logger), timeout, logger);
    closers.push(() => analytics.close());
    const stopPurge = scheduleRawEventPurge(analytics, config.analyticsRawRetentionDays, logger);
    closers.push(async () => stopPurge());
    const stopCatchUp = scheduleRollupCatchUp(analytics, logger);
    closers.push(async () => stopCatchUp());
    // Answers' events wait here for at most one flush interval; closed (flushed) before the
    // analytics store closes, so SIGTERM loses none of them (closers run in reverse order).
    // ANALYTICS_RECORDING=false (bench:search measures recording's cost against it): nothing recorded.
    const recorder = config.analyticsRecording === false
      ? undefined
      : createBufferedEventRecorder({
          sink: analytics,
          logger: logger.child({ component: 'event-recorder' }),
          flushIntervalMs: config.analyticsFlushIntervalMs,
          capacity: config.analyticsBufferEvents,
        });
    const eventRecorder: EventRecorder = recorder ?? { record: () => undefined, flush: async () => undefined, close: async () => undefined };
    closers.push(() => eventRecorder.close());

    let redis: Redis | undefined;
    if (config.redisUrl) {
      const { createRedisClient, redisReady } = await import('../adapters/redis/redisClient');
      const client = createRedisClient(config.redisUrl, { logger });
      closers.push(async () => client.disconnect());
      await withStartupRetry('Redis', () => redisReady(client, 2000), timeout, logger);
      redis = client;
    }
    const sessions = redis ? createRedisSessionStore({ redis }) : createLruSessionStore();
    const mcpSessions = redis ? createRedisMcpSessions({ redis }) : createMemoryMcpSessions();
    const summaryCache = redis ? createRedisCache<string>({ redis, namespace: 'summary', logger }) : createMemoryCache<string>();
    const limiter = redis ? createRedisRateLimiter({ redis, logger }) : createMemoryRateLimiter();
    const authFailureRules = { address: { ...ADDRESS_FAILURES, failures: config.authFailuresPerAddress } };
    const authFailures = redis ? createRedisAuthFailureLimiter({ redis, ...authFailureRules }) : createMemoryAuthFailureLimiter(authFailureRules);
    if (config.devRateLimitPlan) logger.warn(`DEV_RATE_LIMIT_PLAN=${config.devRateLimitPlan}: every caller gets at least that plan's rate limits (development only)`);
    const rateLimits = createRateLimitCheck(limiter, { floorPlan: config.devRateLimitPlan });
    const pageRateLimit = createPageRateLimit(limiter, config.publicPagesPerMinute);
    const llm = config.openai
      ? (await import('../adapters/openai/openAiLanguageModel')).createOpenAiLanguageModel({ apiKey: config.openai.apiKey, baseURL: config.openai.baseUrl, model: config.openai.model })
      : undefined;

    let indexer: Indexer | undefined;
    if (options.withIndexer ?? config.inProcessIndexer) {
      indexer = composeIndexer({
        store,
        index: searchIndex,
        // Every instance left with IN_PROCESS_INDEXER=true: one indexes, the others stand by.
        redis,
        logger: logger.child({ component: 'indexer' }),
        // The embedded index writes a batch in one transaction that this process's searches wait behind: keep it short.
        batchSize: config.elasticsearchUrl ? 500 : 200,
      });
      indexer.start();
      // Stops after the batch in flight, so its position is committed before the store closes.
      closers.push(() => (indexer as Indexer).stop());
    }

    let webhookDispatcher: WebhookDispatcher | undefined;
    if (options.withWebhookDispatcher ?? config.webhooks.inProcessDispatcher) {
      webhookDispatcher = composeWebhookDispatcher(config, store, logger.child({ component: 'webhooks' }));
      webhookDispatcher.start();
      // Waits for attempts in flight and records them before the store closes.
      closers.push(() => (webhookDispatcher as WebhookDispatcher).stop());
    }

    // IndexNow (docs/visibility.md): changed public pages announced from the change feed.
    let indexNow: IndexNowNotifier | undefined;
    if (config.indexNow.endpoints.length > 0 && config.indexNow.key && config.publicUrl) {
      indexNow = createIndexNowNotifier({
        feed: store.changeFeed,
        checkpoints: store.checkpoints,
        endpoints: config.indexNow.endpoints,
        key: config.indexNow.key,
        origin: config.publicUrl,
        logger: logger.child({ component: 'indexnow' }),
        // Every API instance starts one: the lease's holder announces, the others stand by.
        lease: jobLease(redis, INDEXNOW_LEASE),
      });
      indexNow.start();
      closers.push(() => (indexNow as IndexNowNotifier).stop());
    }

    // Payments: the Stripe providers of each environment; their worker acts on Stripe's notifications.
    const payments = createPaymentServices({
      store,
      providers: await openPaymentProviders(config.payments, logger),
      clock: () => new Date(),
      logger,
      recorder: eventRecorder,
      settings: { ...config.payments, eventLeaseMs: config.payments.eventLeaseSeconds * 1000 },
      // Crash tests only (refused in production): a real SIGKILL at that phase of a Stripe event.
      ...(config.paymentKillAt && { onEventPhase: (phase: string) => void (phase === config.paymentKillAt && process.kill(process.pid, 'SIGKILL')) }),
    });
    if ((options.withPaymentWorker ?? true) && (payments.providers.configured('live') || payments.providers.configured('test'))) {
      payments.worker.start();
      closers.push(() => payments.worker.stop());
    }

    const engines: Engines = {
      store: config.mongodbUri ? 'mongodb' : 'sqlite',
      search: config.elasticsearchUrl ? 'elasticsearch' : 'sqlite',
      sessions: redis ? 'redis' : 'memory',
      llm: llm ? 'openai' : 'rules',
      analytics: config.analyticsEngine,
    };

    const check = async (engine: string, ping: () => Promise<unknown>) => {
      try {
        await ping();
        return { engine, ok: true };
      } catch (error) {
        logger.warn({ engine, err: (error as Error).message }, 'readiness check failed');
        return { engine, ok: false, error: (error as Error).message };
      }
    };
    const readiness = async (): Promise<ReadinessReport> => {
      const backends = {
        store: await check(engines.store, () => store.ping()),
        search: await check(engines.search, () => searchIndex.ping()),
        analytics: await check(engines.analytics, () => analytics.ping()),
        ...(redis && { redis: await check('redis', () => (redis as Redis).ping()) }),
      };
      // Without the in-process indexer, the committed position in the store still shows the lag.
      const status = indexer
        ? await indexer.status()
        : await readIndexerProgress({ checkpoints: store.checkpoints, feed: store.changeFeed }).catch((error) => {
            logger.warn({ err: (error as Error).message }, 'readiness could not read the indexer\'s committed position');
            return undefined;
          });
      return {
        ready: Object.values(backends).every((backend) => backend.ok),
        backends,
        ...(status && { indexer: { ...status } }),
        // Dropped events are reported here, never only logged.
        ...(recorder && { analyticsRecorder: { ...recorder.stats(), ...recorder.limits } }),
      };
    };

    return {
      appDeps: { store, mediaStorage, searchIndex, sessions, mcpSessions, summaryCache, llm, rateLimits, pageRateLimit, payments, authFailures, readiness, analytics, eventRecorder, oauth: { storage: oauthStorage, issuer: config.authUrl, keyRotation: rotationPolicy(config.oauthKeyRotationDays), introspectionClientIds: config.oauthIntrospectionClientIds } },
      engines,
      indexer,
      webhookDispatcher,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

