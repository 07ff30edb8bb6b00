// The MongoDB change feed beyond the shared contract: resuming in a new process from a saved
// position, positions the server refuses, readers on another connection, foreign writes.
import mongoose from 'mongoose';
import { isResumeRefused } from '../../src/adapters/mongo/changeStreamPosition';
import { createMongoStore, type MongoStore } from '../../src/adapters/mongo/mongoStore';
import { type ChangeBatch, ChangeHistoryLostError } from '../../src/ports/changeFeed';
import { categoryFieldsOf } from '../../src/domain/categories/canonicalCategory';
import { aProfile as aBareProfile, revisionOf } from '../fixtures/profiles';
import { useMongo } from '../harness/mongo';

const mongo = useMongo();

/**
 * A profile as the profile service writes it, with its category's taxonomy keys: a bare fixture
 * would be given them by the store's start-up backfill on reopening, a change of its own.
 */
const aProfile: typeof aBareProfile = (overrides = {}) => aBareProfile({ ...categoryFieldsOf(overrides.category ?? 'bakery'), ...overrides });
let databases = 0;
let dbName: string;
const open: MongoStore[] = [];

beforeEach(() => {
  dbName = `feed_${process.pid}_${++databases}`;
});

afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
  await mongo.admin.getClient().db(dbName).dropDatabase();
});

/** A store on this test's database: each call is a separate connection, like a separate process. */
async function openStore(): Promise<MongoStore> {
  const store = await createMongoStore({ uri: mongo.url, dbName });
  open.push(store);
  return store;
}

/**
 * Reads from `from` until `count` changes have come (or 10 s pass): a change stream hands a
 * committed write to a reader a moment later, and a loaded machine makes that moment longer.
 */
async function readChanges(feed: MongoStore['changeFeed'], from: string | null, count: number): Promise<ChangeBatch> {
  const changes: ChangeBatch['changes'] = [];
  let position = from;
  const deadline = Date.now() + 10_000;
  while (changes.length < count && Date.now() < deadline) {
    const batch = await feed.read(position, count - changes.length, 500);
    changes.push(...batch.changes);
    position = batch.position;
  }
  return { changes, position };
}

describe('MongoDB change feed', () => {
  it('resumes in a reopened store from a saved position and sees only the later writes', async () => {
    const first = await openStore();
    await first.profiles.create(aProfile());
    const updated = await first.profiles.create(aProfile());
    const { position } = await readChanges(first.changeFeed, null, 2);
    await first.checkpoints.save('search-indexer', position!);
    await first.close();

    const reopened = await openStore();
    const later = await reopened.profiles.replace(revisionOf(updated, { name: 'Renamed' }), 1);
    const added = await reopened.profiles.create(aProfile({ environment: 'test' }));
    const saved = await reopened.checkpoints.load('search-indexer');
    const batch = await readChanges(reopened.changeFeed, saved, 2);

    expect(batch.changes.map((change) => change.profileId)).toEqual([later.id, added.id]);
    expect(batch.changes[0].profile).toEqual(later);
    expect(batch.changes[1]).toMatchObject({ environment: 'test', profile: added });
  });

  it('replays from an older position even while a cursor is open further on', async () => {
    const store = await openStore();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await store.profiles.create(aProfile())).id);
    const first = await readChanges(store.changeFeed, null, 1);
    await readChanges(store.changeFeed, first.position, 2);

    const again = await readChanges(store.changeFeed, first.position, 2);

    expect(again.changes.map((change) => change.profileId)).toEqual(ids.slice(1));
  });

  it('refuses a position it never handed out with ChangeHistoryLostError', async () => {
    const store = await openStore();
    await store.profiles.create(aProfile());

    for (const garbage of ['42', 'not json', '{"_data":"zz"}', '{"token":"abc"}', '""']) {
      await expect(store.changeFeed.read(garbage, 10, 0)).rejects.toBeInstanceOf(ChangeHistoryLostError);
      await expect(store.changeFeed.countAfter(garbage)).rejects.toBeInstanceOf(ChangeHistoryLostError);
    }
  });

  it('turns a well-formed token the server cannot resume from into ChangeHistoryLostError', async () => {
    const store = await openStore();
    await store.profiles.create(aProfile());
    // A token in the format of a real MongoDB 5.0 server, which this server's history does not hold.
    const foreign = JSON.stringify({
      _data: '8265A1B2C3000000012B022C0100296E5A1004A1B2C3D4E5F60718293A4B5C6D7E8F90463C5F6964003C62697A5F31000004',
    });

    await expect(store.changeFeed.read(foreign, 10, 0)).rejects.toBeInstanceOf(ChangeHistoryLostError);
    // The feed stays usable afterwards.
    expect((await readChanges(store.changeFeed, null, 1)).changes).toHaveLength(1);
  });

  it('recognises the server codes for a lost or invalid resume point', () => {
    const serverError = (code: number, codeName: string) =>
      new mongoose.mongo.MongoServerError({ ok: 0, code, codeName, errmsg: `${codeName} from the server` });

    expect(isResumeRefused(serverError(286, 'ChangeStreamHistoryLost'))).toBe(true);
    expect(isResumeRefused(serverError(260, 'InvalidResumeToken'))).toBe(true);
    expect(isResumeRefused(serverError(280, 'ChangeStreamFatalError'))).toBe(true);
    expect(isResumeRefused(serverError(11000, 'DuplicateKey'))).toBe(false);
    expect(isResumeRefused(new Error('For input string'))).toBe(false);
  });

  it('lets a reader on another connection (a separate indexer) see writes while it waits', async () => {
    const writer = await openStore();
    const indexer = await openStore();
    await writer.profiles.create(aProfile());
    const { position } = await readChanges(indexer.changeFeed, null, 1);

    // The writer's in-process wake-up cannot reach this reader: only the stream can deliver the change.
    const waiting = indexer.changeFeed.read(position, 10, 20_000);
    const written = await writer.profiles.create(aProfile());

    expect((await waiting).changes.map((change) => change.profileId)).toEqual([written.id]);
  });

  it('reports as head only positions this process has read: a new process starts with null', async () => {
    const writer = await openStore();
    await writer.profiles.create(aProfile());
    const reader = await openStore();

    expect(await reader.changeFeed.head()).toBeNull();
    const { position } = await readChanges(reader.changeFeed, null, 1);
    expect(await reader.changeFeed.head()).toBe(position);
    expect(await reader.changeFeed.countAfter(position)).toBeNull();
  });

  it('skips a document removed behind the store, which carries no profile, and keeps going', async () => {
    const store = await openStore();
    const removed = await store.profiles.create(aProfile());
    const { position } = await readChanges(store.changeFeed, null, 1);
    await mongo.admin.getClient().db(dbName).collection('businesses').deleteOne({ _id: removed.id as never });
    const after = await store.profiles.create(aProfile());

    const batch = await readChanges(store.changeFeed, position, 1);

    expect(batch.changes.map((change) => change.profileId)).toEqual([after.id]);
  });
});
