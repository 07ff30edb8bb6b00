// The indexer on the embedded engines: it follows the change feed, survives a crash in the
// middle of a batch without losing or duplicating anything, and reindexes when history is gone.
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { createSqliteStore, type SqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { createLogger } from '../../src/logger';
import type { IndexAction, SearchIndex } from '../../src/ports/searchIndex';
import { fullReindex, type ReindexProgress } from '../../indexer/fullReindex';
import { createIndexer } from '../../indexer/indexer';
import { aProfile, revisionOf } from '../fixtures/profiles';

const logger = createLogger('silent');
let store: SqliteStore;
let index: SearchIndex;

beforeEach(() => {
  store = createSqliteStore({ file: ':memory:' });
  index = createSqliteSearchIndex({ file: ':memory:' });
});
afterEach(async () => {
  await store.close();
  await index.close();
});

async function publishedIdsInStore(): Promise<string[]> {
  const page = await store.profiles.scan({ limit: 10_000 });
  return page.profiles.filter((p) => p.status === 'published').map((p) => p.id).sort();
}

async function idsInIndex(): Promise<string[]> {
  const result = await index.search({ environment: 'live', sort: 'name', order: 'asc', limit: 100, offset: 0 });
  return result.hits.map((hit) => hit.document.id).sort();
}

function newIndexer(target: SearchIndex = index) {
  return createIndexer({ feed: store.changeFeed, checkpoints: store.checkpoints, profiles: store.profiles, index: target, logger, batchSize: 4, waitMs: 10 });
}

it('indexes published profiles and removes unpublished ones, batch by batch', async () => {
  const profiles = Array.from({ length: 10 }, (_, i) => aProfile({ name: `Shop ${i}`, status: i % 3 === 0 ? 'draft' : 'published' }));
  for (const profile of profiles) await store.profiles.create(profile);
  const indexer = newIndexer();
  await indexer.reindex();
  await store.profiles.replace(revisionOf(profiles[1], { status: 'draft' }), 1);
  while ((await indexer.runOnce()) > 0);
  expect(await idsInIndex()).toEqual(await publishedIdsInStore());
  expect((await indexer.status()).pending).toBe(0);
});

it('loses and duplicates nothing when it dies in the middle of a batch', async () => {
  const indexer = newIndexer();
  await indexer.reindex(); // empty store: establishes the checkpoint
  for (let i = 0; i < 10; i++) await store.profiles.create(aProfile({ name: `Shop ${i}`, status: 'published' }));

  // An index that applies half of a batch and then the process "dies" before acknowledging.
  let crashes = 1;
  const crashing: SearchIndex = {
    ...index,
    apply: async (actions: IndexAction[]) => {
      if (crashes > 0) {
        crashes -= 1;
        await index.apply(actions.slice(0, Math.ceil(actions.length / 2)));
        throw new Error('killed mid-batch');
      }
      return index.apply(actions);
    },
  };
  const doomed = newIndexer(crashing);
  await expect(doomed.runOnce()).rejects.toThrow('killed mid-batch');
  const checkpointAfterCrash = await store.checkpoints.load('search-indexer');

  // A fresh process resumes from the committed checkpoint and replays the batch.
  const restarted = newIndexer();
  while ((await restarted.runOnce()) > 0);
  expect(checkpointAfterCrash).not.toBe(await store.checkpoints.load('search-indexer'));
  expect(await idsInIndex()).toEqual(await publishedIdsInStore());
  expect(await index.count('live')).toBe(10);
});

it('falls back to a full reindex when the change history no longer holds its position', async () => {
  const indexer = newIndexer();
  await indexer.reindex();
  for (let i = 0; i < 6; i++) await store.profiles.create(aProfile({ name: `Shop ${i}`, status: 'published' }));
  const head = await store.changeFeed.head();
  store.pruneChangesBefore(head as string);
  indexer.start();
  const deadline = Date.now() + 5000;
  while ((await indexer.status()).reindexes < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  await indexer.stop();
  expect((await indexer.status()).reindexes).toBe(2);
  expect(await idsInIndex()).toEqual(await publishedIdsInStore());
});

it('a full reindex reports its progress page by page and says when the scan is complete, before the swap', async () => {
  for (let i = 0; i < 1500; i++) await store.profiles.create(aProfile({ name: `Shop ${i}`, status: i % 3 === 0 ? 'draft' : 'published' }));
  const reports: ReindexProgress[] = [];
  let countAtScanComplete: number | undefined;
  await fullReindex({
    feed: store.changeFeed,
    profiles: store.profiles,
    index,
    logger,
    pageSize: 1000,
    onProgress: (progress) => {
      reports.push(progress);
      // Still the old (empty) generation: the new one is swapped in after the scan.
      if (progress.scanComplete) void index.count().then((count) => (countAtScanComplete = count));
    },
  });
  expect(reports.map((r) => [r.scanned, r.scanComplete])).toEqual([[1000, false], [1500, true]]);
  expect(reports[1].indexed).toBe(1000);
  expect(countAtScanComplete).toBe(0);
  expect(await index.count()).toBe(1000);
});

it('start and stop are idempotent and stop commits the position', async () => {
  const indexer = newIndexer();
  indexer.start();
  indexer.start();
  await store.profiles.create(aProfile({ status: 'published' }));
  const deadline = Date.now() + 5000;
  while ((await indexer.status()).pending !== 0 || (await index.count('live')) === 0) {
    if (Date.now() > deadline) throw new Error('not indexed');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await indexer.stop();
  await indexer.stop();
  expect((await indexer.status()).state).toBe('stopped');
  expect(await store.checkpoints.load('search-indexer')).toBe(await store.changeFeed.head());
});

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a profile the mapper throws on (poison document)', () => {
  // JSON drops undefined: stored without trust, toSearchDocument throws on it.
  const poisoned = (profile: ReturnType<typeof aProfile>) => revisionOf(profile, { trust: undefined as never });

  it('is removed from the index and reported, and other profiles\' changes are still indexed', async () => {
    const poison = aProfile({ name: 'Poison Pill Tacos', status: 'published' });
    const neighbour = aProfile({ name: 'Ramen Next Door', status: 'published', tagline: 'old tagline' });
    await store.profiles.create(poison);
    await store.profiles.create(neighbour);
    const indexer = newIndexer();
    await indexer.reindex();
    expect(await idsInIndex()).toEqual([poison.id, neighbour.id].sort());

    await store.profiles.replace(poisoned(poison), 1);
    await store.profiles.replace(revisionOf(neighbour, { tagline: 'Now with ramen on Mondays' }), 1);
    indexer.start();
    try {
      await until(async () => (await indexer.status()).pending === 0, 'the feed is drained');
    } finally {
      await indexer.stop();
    }

    const status = await indexer.status();
    expect(status).toMatchObject({ skipped: 1, lastSkipped: { id: poison.id, environment: 'live', error: expect.any(String) }, lastError: null, stalled: false });
    expect(await idsInIndex()).toEqual([neighbour.id]);
    const { hits } = await index.search({ environment: 'live', text: 'ramen mondays', sort: 'relevance', order: 'desc', limit: 10, offset: 0 });
    expect(hits.map((hit) => hit.document.tagline)).toEqual(['Now with ramen on Mondays']);
    expect(await store.checkpoints.load('search-indexer')).toBe(await store.changeFeed.head());
  });

  it('is left out of a full reindex, which still indexes everyone else', async () => {
    const poison = aProfile({ status: 'published' });
    await store.profiles.create(poisoned(poison));
    for (let i = 0; i < 3; i++) await store.profiles.create(aProfile({ name: `Shop ${i}`, status: 'published' }));
    const reports: ReindexProgress[] = [];
    await fullReindex({ feed: store.changeFeed, profiles: store.profiles, index, logger, onProgress: (progress) => reports.push(progress) });
    expect(reports[reports.length - 1]).toMatchObject({ scanned: 4, indexed: 3, skipped: 1 });
    expect(await idsInIndex()).not.toContain(poison.id);
    expect(await index.count('live')).toBe(3);
  });
});

it('says stalled once every batch has failed for stallAfterMs, and recovers when a batch succeeds', async () => {
  let broken = true;
  const flaky: SearchIndex = {
    ...index,
    apply: async (actions: IndexAction[]) => {
      if (broken) throw new Error('index unreachable');
      return index.apply(actions);
    },
  };
  const indexer = createIndexer({ feed: store.changeFeed, checkpoints: store.checkpoints, profiles: store.profiles, index: flaky, logger, batchSize: 4, waitMs: 10, stallAfterMs: 150 });
  // A non-empty index, so that start() resumes from the checkpoint instead of rebuilding.
  await store.profiles.create(aProfile({ status: 'published' }));
  await indexer.reindex();
  await store.profiles.create(aProfile({ status: 'published' }));
  indexer.start();
  try {
    await until(async () => (await indexer.status()).lastError !== null, 'a batch failed');
    expect((await indexer.status()).stalled).toBe(false);
    await until(async () => (await indexer.status()).stalled, 'the indexer reports a stall');
    expect(await indexer.status()).toMatchObject({ lastError: 'index unreachable', failingSince: expect.any(String), pending: 1 });

    broken = false;
    await until(async () => (await indexer.status()).pending === 0, 'the change is indexed');
  } finally {
    await indexer.stop();
  }
  expect(await indexer.status()).toMatchObject({ stalled: false, failingSince: null, lastError: null });
  expect(await index.count('live')).toBe(2);
});
