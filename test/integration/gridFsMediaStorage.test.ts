// The MediaStorage contract on GridFS, against the mongo-java-server wire server.
import mongoose from 'mongoose';
import { createGridFsMediaStorage } from '../../src/adapters/mongo/gridFsMediaStorage';
import { UnavailableError } from '../../src/domain/errors';
import { mediaStorageContract } from '../contract/mediaStorage.contract';
import { startMongo, useMongo } from '../harness/mongo';

const mongo = useMongo();
let databases = 0;

const dbNames = new WeakMap<object, string>();

mediaStorageContract(
  'GridFS (mongo-java-server)',
  async () => {
    // A database per test through useDb, which shares the connection's sockets.
    const dbName = `media_${process.pid}_${++databases}`;
    const storage = createGridFsMediaStorage(mongo.admin.useDb(dbName, { useCache: false }));
    dbNames.set(storage, dbName);
    return storage;
  },
  async (storage) => {
    await mongo.admin.getClient().db(dbNames.get(storage)).dropDatabase();
  },
);

describe('GridFS media storage specifics', () => {
  it('keeps the content type in the file metadata and one file per key after a replacement', async () => {
    const db = mongo.admin.getClient().db(`media_${process.pid}_specifics`);
    const storage = createGridFsMediaStorage(db, { bucketName: 'uploads' });

    await storage.put('live/biz_1/med_1', Buffer.from('first'), 'image/png');
    await storage.put('live/biz_1/med_1', Buffer.from('second'), 'image/webp');

    const files = await db.collection('uploads.files').find({ filename: 'live/biz_1/med_1' }).toArray();
    expect(files).toHaveLength(1);
    expect(files[0].metadata).toEqual({ contentType: 'image/webp' });
    expect((await storage.get('live/biz_1/med_1'))!.bytes.toString()).toBe('second');
    await db.dropDatabase();
  });

  it('reports an unreachable server as UnavailableError, which the media service turns into MEDIA_UPLOAD_FAILED', async () => {
    const other = await startMongo();
    const lonely = await mongoose.createConnection(other.url, { serverSelectionTimeoutMS: 500 }).asPromise();
    try {
      const storage = createGridFsMediaStorage(lonely.useDb('gone'));
      await other.stop();

      await expect(storage.put('med_1', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(UnavailableError);
      await expect(storage.get('med_1')).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      await lonely.close();
      await other.stop();
    }
  }, 120_000);
});
