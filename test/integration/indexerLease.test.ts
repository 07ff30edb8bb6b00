// Two indexers on one store (every API instance's in-process one, or `npm run indexer` beside an
// API): with a lease, one indexes and the other stands by; when the active one stops, the other
// takes over from the committed position, and the index ends equal to the store.
import { memoryLeases } from '../../src/adapters/memory/memoryLease';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { createSqliteStore, type SqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { createLogger } from '../../src/logger';
import type { IndexAction, SearchIndex } from '../../src/ports/searchIndex';
import { createIndexer, SEARCH_INDEXER_CONSUMER } from '../../indexer/indexer';
import { aProfile } from '../fixtures/profiles';

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

/** The index as one indexer sees it, counting the actions it applied. */
function countingIndex(counts: { actions: number }): SearchIndex {
  return { ...index, apply: async (actions: IndexAction[]) => ((counts.actions += actions.length), index.apply(actions)) };
}

async function until(what: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('one indexes while the other stands by, and the standby takes over when it stops', async () => {
  const leases = memoryLeases({ ttlMs: 60_000 });
  const first = { actions: 0 };
  const second = { actions: 0 };
  const indexer = (name: string, counts: { actions: number }) =>
    createIndexer({
      feed: store.changeFeed,
      checkpoints: store.checkpoints,
      profiles: store.profiles,
      index: countingIndex(counts),
      logger: createLogger('silent'),
      waitMs: 10,
      lease: leases(SEARCH_INDEXER_CONSUMER, name),
      leaseCheckMs: 50,
    });
  const a = indexer('a', first);
  const b = indexer('b', second);
  a.start();
  // With no checkpoint yet, the active indexer starts with a full reindex (of an empty store).
  await until('a indexing', async () => (await a.status()).reindexes === 1);
  b.start();
  try {
    for (let i = 0; i < 5; i++) await store.profiles.create(aProfile({ name: `Before ${i}`, status: 'published' }));
    await until('the first five indexed', async () => (await index.count()) === 5);
    expect((await b.status()).standby).toBe(true);
    expect(second.actions).toBe(0);

    await a.stop();
    for (let i = 0; i < 3; i++) await store.profiles.create(aProfile({ name: `After ${i}`, status: 'published' }));
    await until('the standby took over and indexed the rest', async () => (await index.count()) === 8);
    expect((await b.status()).standby).toBe(false);
    // It started from the position the first one committed: only the three new profiles were its work.
    expect(second.actions).toBe(3);
    expect(first.actions).toBe(5);
  } finally {
    await a.stop();
    await b.stop();
  }
});

it('without a lease an indexer never stands by', async () => {
  const alone = createIndexer({ feed: store.changeFeed, checkpoints: store.checkpoints, profiles: store.profiles, index, logger: createLogger('silent'), waitMs: 10 });
  alone.start();
  await store.profiles.create(aProfile({ status: 'published' }));
  await until('indexed', async () => (await index.count()) === 1);
  expect((await alone.status()).standby).toBe(false);
  await alone.stop();
});
