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
