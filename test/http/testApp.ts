// Builds the real app on the embedded adapters (in-memory SQLite, files in a temp dir) for
// HTTP tests. Requests go through app.callback(), the same path a listening server uses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Middleware } from 'koa';
import { createApp, type AppDeps } from '../../src/app';
import { createFileMediaStorage } from '../../src/adapters/filesystem/fileMediaStorage';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { createLogger } from '../../src/logger';
import type { MediaStorage } from '../../src/ports/mediaStorage';
import type { Store } from '../../src/ports/store';

export interface TestApp {
  callback: ReturnType<ReturnType<typeof createApp>['callback']>;
  store: Store;
  mediaStorage: MediaStorage;
  jwtSecret: string;
  close(): Promise<void>;
}

const passThrough: Middleware = (_ctx, next) => next();

export async function buildTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'bdapi-http-'));
  const store = createSqliteStore({ file: ':memory:' });
  const mediaStorage = createFileMediaStorage(join(dir, 'media'));
  const jwtSecret = 'test-secret-that-is-at-least-32-characters-long';
  const app = createApp({
    config: { jsonBodyLimit: 1024 * 1024, jwtSecret },
    logger: createLogger('silent'),
    store,
    mediaStorage,
    rateLimit: () => passThrough,
    readiness: async () => ({ ready: true, backends: { store: { engine: 'sqlite', ok: true } } }),
    ...overrides,
  });
  return {
    callback: app.callback(),
    store,
    mediaStorage: overrides.mediaStorage ?? mediaStorage,
    jwtSecret,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
