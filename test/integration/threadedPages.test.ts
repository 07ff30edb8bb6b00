// A full reindex whose pages are read and mapped on a thread with its own store connection
// (threadedPages.ts, what `npm run reindex` uses) builds the index the in-process pages build:
// the same documents, the same skipped profile, the same progress.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { createSqliteStore, type SqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { createLogger } from '../../src/logger';
import type { SearchIndex } from '../../src/ports/searchIndex';
import { fullReindex, type ReindexProgress } from '../../indexer/fullReindex';
import type { SkippedDocument } from '../../indexer/toSearchDocument';
import { createThreadedPages } from '../../src/runtime/threadedPages';
import { aProfile, revisionOf } from '../fixtures/profiles';

const logger = createLogger('silent');
let dataDir: string;
let store: SqliteStore;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'bdapi-threaded-pages-'));
  store = createSqliteStore({ file: join(dataDir, 'store.db') });
});
afterEach(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function everyDocument(index: SearchIndex): Promise<unknown[]> {
  const result = await index.search({ environment: 'live', sort: 'name', order: 'asc', limit: 100, offset: 0 });
  return result.hits.map((hit) => hit.document);
}

it('reads and maps the pages on a thread into the index the in-process pages build', async () => {
  // 11 profiles in pages of 4: three pages, the last one short. One is a draft (not indexed), one
  // cannot be mapped (skipped and reported).
  const profiles = Array.from({ length: 9 }, (_, i) => aProfile({ name: `Shop ${i}`, status: i === 4 ? 'draft' : 'published' }));
  for (const profile of profiles) await store.profiles.create(profile);
  const poison = aProfile({ name: 'Broken', status: 'published' });
  await store.profiles.create(revisionOf(poison, { trust: undefined as never }));
  await store.profiles.create(aProfile({ name: 'Shop last', status: 'published' }));

  const build = async (threaded: boolean) => {
    const index = createSqliteSearchIndex({ file: ':memory:' });
    const pages = threaded ? createThreadedPages({ dataDir, mongodbUri: undefined }) : null;
    const reports: ReindexProgress[] = [];
    const skipped: SkippedDocument[] = [];
    try {
      await fullReindex({
        feed: store.changeFeed,
        profiles: store.profiles,
        index,
        logger,
        pageSize: 4,
        ...(pages && { pages: pages.read }),
        onSkip: (skip) => skipped.push(skip),
        onProgress: (progress) => reports.push(progress),
      });
      return { documents: await everyDocument(index), reports, skipped };
    } finally {
      await pages?.close();
      await index.close();
    }
  };

  const inProcess = await build(false);
  const onThread = await build(true);
  expect(onThread.documents).toHaveLength(9);
  expect(onThread.documents).toEqual(inProcess.documents);
  expect(onThread.skipped).toEqual([{ id: poison.id, environment: 'live', error: expect.any(String) }]);
  expect(onThread.skipped).toEqual(inProcess.skipped);
  expect(onThread.reports.map((report) => report.scanned)).toEqual([4, 8, 11]);
  expect(onThread.reports[2]).toEqual({ scanned: 11, indexed: 9, failed: 0, skipped: 1, scanComplete: true });
  expect(onThread.reports).toEqual(inProcess.reports);
});

it('fails the reindex with the store error the thread met, and closes a stopped thread at once', async () => {
  // No store file where the thread looks: a directory in its place cannot be opened as a database.
  const pages = createThreadedPages({ dataDir: join(dataDir, 'store.db'), mongodbUri: undefined });
  try {
    await expect(pages.read(undefined, 4)).rejects.toThrow();
  } finally {
    await pages.close();
  }
  // Closing a thread that has stopped returns at once, and a read after it fails instead of waiting.
  await pages.close();
  await expect(pages.read(undefined, 4)).rejects.toThrow();
});
