// GET /v1/ready reports the indexer honestly: a stalled indexer (every batch failing) is 503,
// because writes since the stall are missing from search.
import request from 'supertest';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { createLogger } from '../../src/logger';
import type { SearchIndex } from '../../src/ports/searchIndex';
import { createIndexer, type Indexer } from '../../indexer/indexer';
import { aProfile } from '../fixtures/profiles';
import { signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

const store = createSqliteStore({ file: ':memory:' });
const index = createSqliteSearchIndex({ file: ':memory:' });
const unreachable: SearchIndex = { ...index, apply: async () => { throw new Error('index unreachable'); } };
let indexer: Indexer;
let app: TestApp;
let admin: Actor;

async function signUpAdmin(on: TestApp): Promise<Actor> {
  const actor = await signUp(on, 'ops');
  await on.store.accounts.update(actor.accountId, { role: 'admin' }, new Date().toISOString());
  return actor;
}

beforeAll(async () => {
  indexer = createIndexer({ feed: store.changeFeed, checkpoints: store.checkpoints, profiles: store.profiles, index: unreachable, logger: createLogger('silent'), waitMs: 10, stallAfterMs: 100 });
  await store.profiles.create(aProfile({ status: 'published' }));
  await indexer.reindex();
  app = await buildTestApp({
    readiness: async () => ({ ready: true, backends: { store: { engine: 'sqlite', ok: true } }, indexer: { ...(await indexer.status()) } }),
  });
  admin = await signUpAdmin(app);
});
afterAll(async () => {
  await indexer.stop();
  await app.close();
  await store.close();
  await index.close();
});

it('is ready while the indexer keeps up, and 503 with the indexer report once it has stalled', async () => {
  const healthy = await request(app.callback).get('/v1/ready').set(admin.auth);
  expect(healthy.status).toBe(200);
  expect(healthy.body.data).toMatchObject({ ready: true, indexer: { stalled: false, skipped: 0, lastError: null } });

  await store.profiles.create(aProfile({ status: 'published' }));
  indexer.start();
  const deadline = Date.now() + 5000;
  while (!(await indexer.status()).stalled) {
    if (Date.now() > deadline) throw new Error('indexer never reported a stall');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const stalled = await request(app.callback).get('/v1/ready').set(admin.auth);
  expect(stalled.status).toBe(503);
  expect(stalled.body.error.code).toBe('SERVICE_UNAVAILABLE');
  expect(stalled.body.error.message).toMatch(/indexer has failed every batch since/);
  expect(stalled.body.error.details).toMatchObject({ ready: false, indexer: { stalled: true, lastError: 'the last batch failed; the indexer log has the error', pending: 1 } });

  // The same stall, asked by anyone else: the fixed up/down text, nothing about the indexer.
  const member = await signUp(app, 'member');
  for (const headers of [{}, member.auth, { Authorization: 'Bearer not-a-token' }]) {
    const outsider = await request(app.callback).get('/v1/ready').set(headers);
    expect(outsider.status).toBe(503);
    expect(outsider.body.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The service is not ready' });
    expect(JSON.stringify(outsider.body)).not.toMatch(/indexer|stalled|sqlite|batch/i);
  }
});

it('keeps error texts (hosts, driver messages) out of even the admin\'s answer', async () => {
  const down = await buildTestApp({
    readiness: async () => ({
      ready: false,
      backends: { store: { engine: 'sqlite', ok: true }, search: { engine: 'elasticsearch', ok: false, error: 'connect ECONNREFUSED 10.0.0.7:9200' } },
      indexer: { stalled: false, lastError: 'connect ECONNREFUSED 10.0.0.7:9200', lastSkipped: { id: 'biz_x', environment: 'live', error: 'TypeError at toSearchDocument', at: '2026-11-22T00:00:00Z' } },
    }),
  });
  try {
    const downAdmin = await signUpAdmin(down);
    const response = await request(down.callback).get('/v1/ready').set(downAdmin.auth);
    expect(response.status).toBe(503);
    expect(JSON.stringify(response.body)).not.toMatch(/10\.0\.0\.7|ECONNREFUSED|TypeError/);
    expect(response.body.error.details.backends.search).toEqual({ engine: 'elasticsearch', ok: false, error: 'unreachable; the server log has the reason' });
    expect(response.body.error.details.indexer.lastSkipped).toEqual({ at: '2026-11-22T00:00:00Z' });
    expect(JSON.stringify(response.body)).not.toContain('biz_x');
  } finally {
    await down.close();
  }
});

describe('anyone but an admin gets up or down only', () => {
  it('answers {ready: true} without engines or indexer to anonymous callers, members and bad credentials', async () => {
    const up = await buildTestApp();
    try {
      const member = await signUp(up, 'member');
      for (const headers of [{}, member.auth, { Authorization: 'Bearer not-a-token' }]) {
        const response = await request(up.callback).get('/v1/ready').set(headers);
        expect(response.status).toBe(200);
        expect(response.body.data).toEqual({ ready: true });
        expect(response.headers['www-authenticate']).toBeUndefined();
      }
    } finally {
      await up.close();
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE without details when a backend is down', async () => {
    const down = await buildTestApp({ readiness: async () => ({ ready: false, backends: { search: { engine: 'elasticsearch', ok: false, error: 'x' } } }) });
    try {
      const response = await request(down.callback).get('/v1/ready');
      expect(response.status).toBe(503);
      expect(response.body.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The service is not ready' });
      expect(JSON.stringify(response.body)).not.toContain('elasticsearch');
    } finally {
      await down.close();
    }
  });
});
