// Builds the real app on the embedded adapters (in-memory SQLite store and search index,
// files in a temp dir, in-process sessions) with the in-process indexer running, for HTTP
// tests. Requests go through app.callback(), the same path a listening server uses.
import { mkdtempSync, rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createApp, type AppDeps } from '../../src/app';
import { nodeRequestListener } from '../../src/http/nodeRequestListener';
import { countNothing } from '../../src/core/rateLimitCheck';
import { createFileMediaStorage } from '../../src/adapters/filesystem/fileMediaStorage';
import { createLruSessionStore } from '../../src/adapters/memory/lruSessionStore';
import { createMemoryMcpSessions } from '../../src/adapters/memory/memoryMcpSessions';
import { createMemoryCache } from '../../src/adapters/memory/memoryCache';
import { createSqliteAnalyticsStore } from '../../src/adapters/sqlite/analytics/sqliteAnalyticsStore';
import { createSqliteOAuthStorage } from '../../src/adapters/sqlite/oauth/sqliteOAuthStorage';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { createLogger } from '../../src/logger';
import type { AnalyticsStore } from '../../src/ports/analyticsStore';
import type { MediaStorage } from '../../src/ports/mediaStorage';
import type { OAuthStorage } from '../../src/ports/oauthStorage';
import type { SearchIndex } from '../../src/ports/searchIndex';
import type { Store } from '../../src/ports/store';
import { createIndexer, type Indexer } from '../../indexer/indexer';
import type { EventRecorder } from '../../src/ports/eventRecorder';
import { type BufferedEventRecorder, createBufferedEventRecorder } from '../../src/services/analytics/bufferedEventRecorder';
import { captureAnalyticsEvents, type CapturedAnalyticsEvents } from '../support/capturedAnalyticsEvents';
import { createPaymentProviders, type PaymentProviders } from '../../src/services/payments/paymentProviders';
import { createPaymentServices, DEFAULT_PAYMENT_SERVICE_SETTINGS, type PaymentServiceSettings, type PaymentServices } from '../../src/services/payments/paymentServices';

export interface TestApp {
  /** The Koa app itself, for tests that read its routes. */
  koa: ReturnType<typeof createApp>;
  callback: RequestListener;
  store: Store;
  searchIndex: SearchIndex;
  indexer: Indexer;
  mediaStorage: MediaStorage;
  analytics: AnalyticsStore;
  jwtSecret: string;
  /** Every event the app appended to `analytics` (recorded ones after eventRecorder.flush()). */
  recorded: CapturedAnalyticsEvents;
  eventRecorder: EventRecorder & Partial<Pick<BufferedEventRecorder, 'stats'>>;
  /** The OAuth server's storage (in-memory SQLite). */
  oauthStorage: OAuthStorage;
  /** The app's payment services: their worker is driven pass by pass (payments.worker.runOnce()). */
  payments: PaymentServices;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Payment providers (stripe-mock's, say); default none, so payment operations answer 503. */
  paymentProviders?: PaymentProviders;
  paymentSettings?: Partial<PaymentServiceSettings>;
}


export async function buildTestApp(overrides: Partial<AppDeps> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'bdapi-http-'));
  // TEST_LOG_LEVEL=error shows the app's own logs on stderr while debugging a test.
  const logger = process.env.TEST_LOG_LEVEL ? pino({ level: process.env.TEST_LOG_LEVEL }, pino.destination({ dest: 2, sync: true })) : createLogger('silent');
  // A store handed in (the MongoDB one, for concurrency tests) serves the app and the indexer alike.
  const store = overrides.store ?? createSqliteStore({ file: ':memory:' });
  const searchIndex = createSqliteSearchIndex({ file: ':memory:' });
  const mediaStorage = createFileMediaStorage(join(dir, 'media'));
  const analytics = overrides.analytics ?? createSqliteAnalyticsStore({ file: ':memory:' });
  const jwtSecret = 'test-secret-that-is-at-least-32-characters-long';
  const indexer = createIndexer({ feed: store.changeFeed, checkpoints: store.checkpoints, profiles: store.profiles, index: searchIndex, logger, waitMs: 50 });
  indexer.start();
  // Every append (the recorder's batches, ingestion's) reaches the real store and is kept for the test to read.
  const recorded = captureAnalyticsEvents(analytics);
  const eventRecorder = overrides.eventRecorder ?? createBufferedEventRecorder({ sink: recorded, logger });
  const oauthStorage = createSqliteOAuthStorage({ file: ':memory:' });
  const payments =
    overrides.payments ??
    createPaymentServices({
      store,
      providers: options.paymentProviders ?? createPaymentProviders({}),
      clock: overrides.clock ?? (() => new Date()),
      logger,
      recorder: eventRecorder,
      settings: { ...DEFAULT_PAYMENT_SERVICE_SETTINGS, ...options.paymentSettings },
    });
  const app = createApp({
    config: { jsonBodyLimit: 1024 * 1024, jwtSecret },
    logger,
    store,
    mediaStorage,
    searchIndex,
    sessions: createLruSessionStore(),
    mcpSessions: createMemoryMcpSessions(),
    summaryCache: createMemoryCache<string>(),
    rateLimits: countNothing,
    checkOutputs: true,
    readiness: async () => ({ ready: true, backends: { store: { engine: 'sqlite', ok: true } } }),
    eventRecorder,
    oauth: { storage: oauthStorage, issuer: 'http://localhost:8080' },
    ...overrides,
    payments,
    analytics: { ...analytics, append: (events) => recorded.append(events) },
  });
  return {
    koa: app,
    callback: nodeRequestListener(app),
    store,
    searchIndex,
    indexer,
    mediaStorage: overrides.mediaStorage ?? mediaStorage,
    analytics,
    jwtSecret,
    recorded,
    eventRecorder,
    oauthStorage,
    payments,
    async close() {
      await payments.worker.stop();
      await eventRecorder.close();
      await indexer.stop();
      await store.close();
      await oauthStorage.close();
      await searchIndex.close();
      await analytics.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A second API instance beside `first`: its own app (own OAuth provider and key ring, own MCP
 * routes, own in-process limiters) on the same store, index, media and analytics, as another
 * process on the same engines would be. Closing `first` closes what they share.
 */
export function buildAnotherInstance(first: TestApp, overrides: Partial<AppDeps> = {}): TestApp {
  const koa = createApp({
    config: { jsonBodyLimit: 1024 * 1024, jwtSecret: first.jwtSecret },
    logger: createLogger('silent'),
    store: first.store,
    mediaStorage: first.mediaStorage,
    searchIndex: first.searchIndex,
    sessions: createLruSessionStore(),
    mcpSessions: createMemoryMcpSessions(),
    summaryCache: createMemoryCache<string>(),
    rateLimits: countNothing,
    checkOutputs: true,
    readiness: async () => ({ ready: true, backends: {} }),
    analytics: first.analytics,
    eventRecorder: first.eventRecorder,
    oauth: { storage: first.oauthStorage, issuer: 'http://localhost:8080' },
    payments: first.payments,
    ...overrides,
  });
  return { ...first, koa, callback: nodeRequestListener(koa) };
}

/** Polls (no fixed sleeps) until the indexer has caught up with every change written so far. */
export async function untilIndexed(app: TestApp, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await app.indexer.status();
    if (status.pending === 0 && status.state === 'running') return;
    if (Date.now() > deadline) throw new Error(`indexer did not catch up within ${timeoutMs} ms: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
