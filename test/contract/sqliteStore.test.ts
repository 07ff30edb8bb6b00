import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, runMigrations } from '../../src/adapters/sqlite/openDatabase';
import { createSqliteStore, type SqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { ValidationError } from '../../src/domain/errors';
import { ChangeHistoryLostError } from '../../src/ports/changeFeed';
import { anAccount, aProfile, revisionOf } from '../fixtures/profiles';
import { storeContract } from './store.contract';

storeContract('embedded SQLite (in memory)', async () => createSqliteStore({ file: ':memory:' }));

describe('SQLite store on a file', () => {
  let dir: string;
  const open: SqliteStore[] = [];

  const openStore = (file = join(dir, 'store.db')) => {
    const store = createSqliteStore({ file });
    open.push(store);
    return store;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bdapi-sqlite-'));
  });

  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps data across close and reopen, applying migrations only once', async () => {
    const file = join(dir, 'nested', 'store.db');
    const first = openStore(file);
    const account = await first.accounts.create(anAccount());
    const profile = await first.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }));
    await first.checkpoints.save('search-indexer', '1');
    await first.close();

    const reopened = openStore(file);

    expect(await reopened.accounts.findById(account.id)).toEqual(account);
    expect(await reopened.profiles.get('live', profile.id)).toEqual(profile);
    expect(await reopened.checkpoints.load('search-indexer')).toBe('1');
    expect((await reopened.changeFeed.read(null, 10, 0)).changes.map((change) => change.profileId)).toEqual([profile.id]);
    await expect(reopened.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }))).rejects.toMatchObject({
      code: 'DUPLICATE_PROFILE',
    });
    await reopened.close();

    const db = openDatabase({ file });
    const migrations = db.prepare('SELECT component, version FROM schema_migrations').all();
    db.close();
    expect(migrations).toEqual([
      { component: 'analytics_platforms', version: 1 },
      { component: 'information_reports', version: 1 },
      { component: 'partner_agreements', version: 1 },
      { component: 'payments', version: 1 },
      { component: 'store', version: 1 },
      { component: 'store', version: 2 },
      { component: 'store', version: 3 },
      { component: 'store', version: 4 },
      { component: 'store', version: 5 },
      { component: 'store', version: 6 },
      { component: 'store', version: 7 },
      { component: 'summary_reports', version: 1 },
    ]);
  });

  it('opens the file in WAL mode with foreign keys enforced', () => {
    const db = openDatabase({ file: join(dir, 'pragmas.db') });
    const settings = {
      journal: db.pragma('journal_mode', { simple: true }),
      foreignKeys: db.pragma('foreign_keys', { simple: true }),
      synchronous: db.pragma('synchronous', { simple: true }),
      busyTimeout: db.pragma('busy_timeout', { simple: true }),
    };
    db.close();

    expect(settings).toEqual({ journal: 'wal', foreignKeys: 1, synchronous: 1, busyTimeout: 5000 });
  });

  it('copies the write-ahead log into the database past SQLite\'s 4 MiB by default, and only past checkpointMiB when told (a bulk writer)', async () => {
    // Four transactions of about 2 MiB each: 500 profiles with a 4 000-character description.
    const writeEightMiB = async (store: SqliteStore) => {
      for (let batch = 0; batch < 4; batch++) {
        await store.profiles.createMany(Array.from({ length: 500 }, () => aProfile({ description: 'x'.repeat(4000) })));
      }
    };
    const walMiB = (file: string) => statSync(`${file}-wal`).size / (1024 * 1024);
    const byDefault = join(dir, 'default.db');
    const bulk = join(dir, 'bulk.db');
    await writeEightMiB(openStore(byDefault));
    const bulkStore = createSqliteStore({ file: bulk, checkpointMiB: 64 });
    open.push(bulkStore);
    await writeEightMiB(bulkStore);

    // Copied after the commit that passed 4 MiB, the log starts over: it never holds all eight.
    expect(walMiB(byDefault)).toBeLessThan(7);
    expect(walMiB(bulk)).toBeGreaterThan(8);
    expect(await bulkStore.profiles.countScannable()).toBe(2000);
  });

  it('lets a reader in another connection (a separate indexer) see writes while it waits', async () => {
    const writer = openStore();
    const indexer = openStore();
    await writer.profiles.create(aProfile());
    const { position } = await indexer.changeFeed.read(null, 10, 0);

    // The writer's in-process signal cannot reach this reader: only polling can find the change.
    const waiting = indexer.changeFeed.read(position, 10, 20_000);
    const written = await writer.profiles.create(aProfile());

    expect((await waiting).changes.map((change) => change.profileId)).toEqual([written.id]);
  });
});

describe('SQLite change feed retention and positions', () => {
  let store: SqliteStore;

  beforeEach(() => {
    store = createSqliteStore({ file: ':memory:' });
  });

  afterEach(async () => {
    await store.close();
  });

  async function writeChanges(count: number): Promise<string[]> {
    for (let i = 0; i < count; i++) await store.profiles.create(aProfile());
    return (await store.changeFeed.read(null, 100, 0)).changes.map((change) => change.position);
  }

  it('refuses positions whose following changes were pruned, and resumes from the boundary', async () => {
    const positions = await writeChanges(5);

    expect(store.pruneChangesBefore(positions[3])).toBe(3);

    await expect(store.changeFeed.read(positions[0], 10, 0)).rejects.toBeInstanceOf(ChangeHistoryLostError);
    await expect(store.changeFeed.read(positions[1], 10, 0)).rejects.toBeInstanceOf(ChangeHistoryLostError);
    await expect(store.changeFeed.countAfter(positions[0])).rejects.toBeInstanceOf(ChangeHistoryLostError);
    const fromBoundary = await store.changeFeed.read(positions[2], 10, 0);
    expect(fromBoundary.changes.map((change) => change.position)).toEqual(positions.slice(3));
    const fromStart = await store.changeFeed.read(null, 10, 0);
    expect(fromStart.changes.map((change) => change.position)).toEqual(positions.slice(3));
    expect(await store.changeFeed.countAfter(null)).toBe(2);
  });

  it('keeps the head and the numbering after pruning everything', async () => {
    const positions = await writeChanges(2);

    store.pruneChangesBefore('1000');

    expect(await store.changeFeed.head()).toBe(positions[1]);
    expect(await store.changeFeed.read(positions[1], 10, 0)).toEqual({ changes: [], position: positions[1] });
    const later = await store.profiles.create(aProfile());
    const batch = await store.changeFeed.read(positions[1], 10, 0);
    expect(batch.changes.map((change) => change.profileId)).toEqual([later.id]);
    expect(Number(batch.position)).toBeGreaterThan(Number(positions[1]));
  });

  it('refuses a position ahead of the newest change (one from another database)', async () => {
    await writeChanges(2);

    await expect(store.changeFeed.read('99', 10, 0)).rejects.toBeInstanceOf(ChangeHistoryLostError);
  });

  it('refuses a position it never produced', async () => {
    await expect(store.changeFeed.read('not-a-position', 10, 0)).rejects.toBeInstanceOf(ChangeHistoryLostError);
    await expect(store.changeFeed.read('-1', 10, 0)).rejects.toBeInstanceOf(ChangeHistoryLostError);
  });

  it('returns a deleted profile in the feed after its row is read by a later change', async () => {
    const profile = await store.profiles.create(aProfile());
    const deleted = revisionOf(profile, { deletedAt: '2025-02-01T00:00:00.000Z' });
    await store.profiles.replace(deleted, 1);

    const { changes } = await store.changeFeed.read(null, 10, 0);

    expect(changes.map((change) => change.profile)).toEqual([deleted, deleted]);
  });

  it('rejects a scan cursor it did not issue as a validation error', async () => {
    await expect(store.profiles.scan({ after: 'garbage', limit: 10 })).rejects.toBeInstanceOf(ValidationError);
  });

  it('refuses work after close', async () => {
    await store.close();

    await expect(store.ping()).rejects.toThrow();
  });
});

describe('SQLite migrations runner', () => {
  const step = (version: number, sql: string) => ({ version, name: `step ${version}`, up: sql });

  it('applies only the steps not applied yet, per component', () => {
    const db = openDatabase({ file: ':memory:' });

    expect(runMigrations(db, 'search', [step(1, 'CREATE TABLE a (x)')])).toEqual([1]);
    expect(runMigrations(db, 'search', [step(1, 'CREATE TABLE a (x)'), step(2, 'CREATE TABLE b (x)')])).toEqual([2]);
    expect(runMigrations(db, 'search', [step(1, 'CREATE TABLE a (x)'), step(2, 'CREATE TABLE b (x)')])).toEqual([]);
    expect(runMigrations(db, 'other', [step(1, 'CREATE TABLE c (x)')])).toEqual([1]);
    db.close();
  });

  it('rolls back every step of a run when one fails', () => {
    const db = openDatabase({ file: ':memory:' });

    expect(() => runMigrations(db, 'search', [step(1, 'CREATE TABLE a (x)'), step(2, 'NOT SQL')])).toThrow();

    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'a'").get()).toEqual({ n: 0 });
    expect(runMigrations(db, 'search', [step(1, 'CREATE TABLE a (x)')])).toEqual([1]);
    db.close();
  });

  it('refuses a database migrated by a newer build', () => {
    const db = openDatabase({ file: ':memory:' });
    runMigrations(db, 'search', [step(1, 'CREATE TABLE a (x)'), step(2, 'CREATE TABLE b (x)')]);

    expect(() => runMigrations(db, 'search', [step(1, 'CREATE TABLE a (x)')])).toThrow(/newer than this build/);
    db.close();
  });

  it('refuses migrations numbered with gaps', () => {
    const db = openDatabase({ file: ':memory:' });

    expect(() => runMigrations(db, 'search', [step(1, 'SELECT 1'), step(3, 'SELECT 1')])).toThrow(/numbered 1..n/);
    db.close();
  });
});
