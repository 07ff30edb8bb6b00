// The Idempotency-Key middleware on its own, in front of a counting handler: what it keeps,
// for how long, and that recording trouble never costs the caller its answer.
import Koa, { type Middleware } from 'koa';
import request from 'supertest';
import { createSqliteStore, type SqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { RateLimitedError } from '../../src/domain/errors';
import { errorHandler } from '../../src/http/errorHandler';
import { ANSWER_TTL_SECONDS, idempotency } from '../../src/http/idempotency';
import { requestFingerprint } from '../../src/core/requestFingerprint';
import { createLogger } from '../../src/logger';
import type { IdempotencyKeyRepository } from '../../src/ports/idempotencyKeys';

let store: SqliteStore;
let nowMs: number;
let runs: number;
let answer: Middleware;
const warnings: unknown[] = [];

function appWith(records: IdempotencyKeyRepository) {
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler(createLogger('silent')));
  app.use(async (ctx, next) => {
    ctx.state.principal = { accountId: 'acct_unit01', environment: 'live' };
    ctx.request.body = { name: 'x' };
    await next();
  });
  app.use(idempotency({ records, logger: { warn: (fields: unknown) => warnings.push(fields) }, clock: () => new Date(nowMs) }));
  app.use(async (ctx, next) => {
    runs += 1;
    await answer(ctx, next);
  });
  return app.callback();
}

beforeEach(() => {
  store = createSqliteStore({ file: ':memory:' });
  nowMs = Date.parse('2030-01-01T00:00:00Z');
  runs = 0;
  warnings.length = 0;
  answer = (ctx) => {
    ctx.status = 201;
    ctx.body = { success: true, data: { run: runs } };
  };
});
afterEach(() => store.close());

it('runs the request again once the stored answer is 24 hours old', async () => {
  const callback = appWith(store.idempotencyKeys);
  await request(callback).post('/things').set('Idempotency-Key', 'k1');
  nowMs += (ANSWER_TTL_SECONDS - 1) * 1000;
  expect((await request(callback).post('/things').set('Idempotency-Key', 'k1')).headers['idempotent-replayed']).toBe('true');
  nowMs += 1000;
  const fresh = await request(callback).post('/things').set('Idempotency-Key', 'k1');
  expect(fresh.headers['idempotent-replayed']).toBeUndefined();
  expect(fresh.body.data.run).toBe(2);
});

it('does not keep a 429 answered behind it: the retry runs', async () => {
  answer = () => {
    throw new RateLimitedError('Too many requests', 30);
  };
  const callback = appWith(store.idempotencyKeys);
  expect((await request(callback).post('/things').set('Idempotency-Key', 'k2')).status).toBe(429);
  expect((await request(callback).post('/things').set('Idempotency-Key', 'k2')).status).toBe(429);
  expect(runs).toBe(2);
});

it('still sends the answer when recording it fails, and logs a warning', async () => {
  const failing: IdempotencyKeyRepository = {
    claim: (record, now) => store.idempotencyKeys.claim(record, now),
    complete: async () => {
      throw new Error('store went away');
    },
    release: async () => undefined,
  };
  const response = await request(appWith(failing)).post('/things').set('Idempotency-Key', 'k3');
  expect(response.status).toBe(201);
  expect(warnings).toHaveLength(1);
});

it('frees a key whose first request died mid-way once its claim lapses', async () => {
  // A claim with no answer, as a crashed process would leave it.
  await store.idempotencyKeys.claim(
    { accountId: 'acct_unit01', environment: 'live', key: 'k4', claimId: 'crashed', fingerprint: requestFingerprint('POST', '/things', { name: 'x' }), createdAt: new Date(nowMs).toISOString(), expiresAt: new Date(nowMs + 60_000).toISOString() },
    new Date(nowMs).toISOString(),
  );
  const callback = appWith(store.idempotencyKeys);
  expect((await request(callback).post('/things').set('Idempotency-Key', 'k4')).status).toBe(409);
  nowMs += 60_000;
  expect((await request(callback).post('/things').set('Idempotency-Key', 'k4')).status).toBe(201);
});

it('ignores the key on safe methods', async () => {
  const callback = appWith(store.idempotencyKeys);
  expect((await request(callback).get('/things').set('Idempotency-Key', '')).status).toBe(201);
});
