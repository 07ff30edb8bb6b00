// IndexNow against a loopback receiver: changed public pages announced from the change feed in
// requests of at most 10 000 addresses, failures retried with backoff from the committed position
// (a durable queue), refusals given up, and the key file served where the endpoints look for it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { memoryLeases } from '../../../src/adapters/memory/memoryLease';
import { createSqliteStore } from '../../../src/adapters/sqlite/store/sqliteStore';
import { INDEXNOW_LEASE } from '../../../src/runtime/indexerLease';
import { SLUG_KEY_PREFIX } from '../../../src/domain/publicPage/publicSlug';
import type { BusinessProfile } from '../../../src/domain/profile';
import { createLogger } from '../../../src/logger';
import type { Store } from '../../../src/ports/store';
import { createIndexNowNotifier, type IndexNowNotifier } from '../../../src/services/publicPages/indexNowNotifier';
import { aProfile, revisionOf } from '../../fixtures/profiles';
import { buildTestApp } from '../testApp';

const ORIGIN = 'https://directory.example';
const KEY = 'a1b2c3d4e5f6-key';

interface Received {
  body: { host: string; key: string; keyLocation: string; urlList: string[] };
}

/** A loopback IndexNow endpoint: answers the statuses queued in `plan` (then 200) and keeps every body. */
async function receiver() {
  const received: Received[] = [];
  const plan: number[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ body: JSON.parse(text) });
      res.statusCode = plan.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, plan, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/indexnow`, close: () => new Promise((resolve) => server.close(resolve)) };
}

function published(slug: string, overrides: Partial<BusinessProfile> = {}): BusinessProfile {
  const profile = aProfile({ status: 'published', ...overrides });
  return { ...profile, publicSlugs: [slug], dedupeKeys: [`name:${profile.id}`, `${SLUG_KEY_PREFIX}${slug}`] };
}

/** Polls (bounded, no fixed sleep) until `done` holds. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}

describe('IndexNow notifier', () => {
  let store: Store;
  let endpoint: Awaited<ReturnType<typeof receiver>>;
  let notifier: IndexNowNotifier | undefined;
  const start = async () => {
    notifier = createIndexNowNotifier({ feed: store.changeFeed, checkpoints: store.checkpoints, endpoints: [endpoint.url], key: KEY, origin: ORIGIN, logger: createLogger('silent'), waitMs: 20, retryBaseMs: 5, retryMaxMs: 20 });
    notifier.start();
    await notifier.ready();
    return notifier;
  };
  beforeEach(async () => {
    store = createSqliteStore({ file: ':memory:' });
    endpoint = await receiver();
  });
  afterEach(async () => {
    await notifier?.stop();
    await endpoint.close();
    await store.close();
  });

  it('announces a publication, a rename (both addresses) and an unpublication; never sandbox or never-published businesses', async () => {
    await store.profiles.create(aProfile()); // a draft before the notifier starts: history, not announced
    await start();
    const shop = await store.profiles.create(published('corner-bakery-bristol'));
    await until(() => endpoint.received.length === 1, 'the publication');
    expect(endpoint.received[0].body).toEqual({ host: 'directory.example', key: KEY, keyLocation: `${ORIGIN}/${KEY}.txt`, urlList: [`${ORIGIN}/b/corner-bakery-bristol`] });
    const renamed = await store.profiles.replace({ ...revisionOf(shop, { name: 'Mill Bakery' }), publicSlugs: ['mill-bakery-bristol', 'corner-bakery-bristol'], dedupeKeys: [`name:${shop.id}`, `${SLUG_KEY_PREFIX}mill-bakery-bristol`, `${SLUG_KEY_PREFIX}corner-bakery-bristol`] }, 1);
    await until(() => endpoint.received.length === 2, 'the rename');
    expect(endpoint.received[1].body.urlList).toEqual([`${ORIGIN}/b/mill-bakery-bristol`, `${ORIGIN}/b/corner-bakery-bristol`]);
    await store.profiles.create(published('sandbox-bakery', { environment: 'test' }));
    await store.profiles.create(aProfile({ name: 'Draft Only' }));
    await store.profiles.replace(revisionOf(renamed, { status: 'draft' }), 2);
    await until(() => endpoint.received.length === 3, 'the unpublication');
    expect(endpoint.received[2].body.urlList).toEqual([`${ORIGIN}/b/mill-bakery-bristol`, `${ORIGIN}/b/corner-bakery-bristol`]);
    expect(endpoint.received).toHaveLength(3);
  });

  it('sends at most 10 000 addresses a request', async () => {
    await start();
    await store.profiles.createMany(Array.from({ length: 12_000 }, (_, i) => published(`business-${i}-bristol`)));
    await until(() => endpoint.received.reduce((sum, r) => sum + r.body.urlList.length, 0) === 12_000, 'every address');
    expect(Math.max(...endpoint.received.map((r) => r.body.urlList.length))).toBeLessThanOrEqual(10_000);
    expect(new Set(endpoint.received.flatMap((r) => r.body.urlList)).size).toBe(12_000);
  });

  it('retries 503 and 429 with backoff until accepted, and gives up a batch the endpoint refuses (403)', async () => {
    endpoint.plan.push(503, 429);
    const running = await start();
    await store.profiles.create(published('retried-bristol'));
    await until(() => endpoint.received.length === 3, 'two retries');
    expect(endpoint.received.map((r) => r.body.urlList)).toEqual([[`${ORIGIN}/b/retried-bristol`], [`${ORIGIN}/b/retried-bristol`], [`${ORIGIN}/b/retried-bristol`]]);
    endpoint.plan.push(403);
    await store.profiles.create(published('refused-bristol'));
    await store.profiles.create(published('after-refusal-bristol'));
    await until(() => endpoint.received.some((r) => r.body.urlList.includes(`${ORIGIN}/b/after-refusal-bristol`)), 'the batch after the refusal');
    expect(running.status()[0]).toMatchObject({ failedAttempts: 3, droppedBatches: 1 });
  });

  it('keeps unannounced changes across a stop: the next notifier sends them from the committed position', async () => {
    endpoint.plan.push(503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503);
    const first = await start();
    await store.profiles.create(published('durable-bristol'));
    await until(() => endpoint.received.length >= 2, 'a failing attempt');
    await first.stop();
    endpoint.plan.length = 0;
    const before = endpoint.received.length;
    await start();
    await until(() => endpoint.received.length > before, 'the replay');
    expect(endpoint.received[endpoint.received.length - 1].body.urlList).toEqual([`${ORIGIN}/b/durable-bristol`]);
  });

  it('with several instances, the one holding the lease announces each change once; a standby takes over from the committed position', async () => {
    const leases = memoryLeases({ ttlMs: 60_000 });
    const instance = (name: string) =>
      createIndexNowNotifier({
        feed: store.changeFeed,
        checkpoints: store.checkpoints,
        endpoints: [endpoint.url],
        key: KEY,
        origin: ORIGIN,
        logger: createLogger('silent'),
        waitMs: 20,
        retryBaseMs: 5,
        retryMaxMs: 20,
        lease: leases(INDEXNOW_LEASE, name),
        leaseCheckMs: 30,
      });
    const a = instance('a');
    const b = instance('b');
    for (const notifier of [a, b]) {
      notifier.start();
      await notifier.ready();
    }
    try {
      // Whichever asked first holds the lease; the other stands by.
      await until(() => a.standby() !== b.standby(), 'one instance standing by');
      const [holder, standby] = a.standby() ? [b, a] : [a, b];
      for (const slug of ['one-bristol', 'two-bristol', 'three-bristol']) await store.profiles.create(published(slug));
      await until(() => endpoint.received.flatMap((r) => r.body.urlList).length === 3, 'the first three');
      expect(standby.status()[0].sent).toBe(0);

      await holder.stop();
      for (const slug of ['four-bristol', 'five-bristol']) await store.profiles.create(published(slug));
      await until(() => endpoint.received.flatMap((r) => r.body.urlList).length === 5, 'the two after the handover');
      expect(standby.standby()).toBe(false);
      // Each address once: the standby started from what the first one committed.
      expect(endpoint.received.flatMap((r) => r.body.urlList).sort()).toEqual(
        ['five', 'four', 'one', 'three', 'two'].map((name) => `${ORIGIN}/b/${name}-bristol`),
      );
      // The receiver holds a request before its answer reaches the notifier, which counts it then.
      await until(() => standby.status()[0].sent >= 2, 'the standby counting what it sent');
      expect(standby.status()[0].sent).toBe(2);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

it('serves the IndexNow key at /{key}.txt', async () => {
  const app = await buildTestApp({ config: { jsonBodyLimit: 1024 * 1024, jwtSecret: 'test-secret-that-is-at-least-32-characters-long', indexNow: { endpoints: [], key: KEY } } });
  try {
    const response = await request(app.callback).get(`/${KEY}.txt`);
    expect([response.status, response.headers['content-type'], response.text]).toEqual([200, 'text/plain; charset=utf-8', KEY]);
    expect((await request(app.callback).get('/another-key-0000.txt')).status).toBe(404);
  } finally {
    await app.close();
  }
});
