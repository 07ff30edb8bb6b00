// Media blobs in GridFS (the `media` bucket by default): one GridFS file per storage key, named by
// the key, the content type in its metadata. put() writes the new file before removing the old
// ones, so a key never reads as missing while it is being replaced; readers take the newest file.
import mongoose, { type Connection, type mongo } from 'mongoose';
import { UnavailableError } from '../../domain/errors';
import type { MediaStorage } from '../../ports/mediaStorage';
import { translateError } from './translateError';

type Db = mongo.Db;
type ObjectId = mongo.ObjectId;

interface MediaFile {
  _id: ObjectId;
  filename: string;
  metadata?: { contentType?: string };
}

export interface GridFsMediaStorageOptions {
  bucketName?: string;
}

export function createGridFsMediaStorage(source: Connection | Db, options: GridFsMediaStorageOptions = {}): MediaStorage {
  const bucketName = options.bucketName ?? 'media';
  let bucket: mongo.GridFSBucket | undefined;

  // A mongoose connection has its Db only once connected; resolve it on first use.
  const getBucket = () => {
    if (bucket) return bucket;
    const db = source instanceof mongoose.mongo.Db ? source : source.db;
    if (!db) throw new UnavailableError('The media database is not connected');
    bucket = new mongoose.mongo.GridFSBucket(db, { bucketName });
    return bucket;
  };

  const filesNamed = (key: string) =>
    getBucket().find({ filename: key }, { sort: { uploadDate: -1, _id: -1 } }).toArray() as Promise<MediaFile[]>;

  const removeFile = async (id: ObjectId) => {
    try {
      await getBucket().delete(id);
    } catch (error) {
      // Deleted by a concurrent put or delete: the goal is reached either way.
      if (!/File not found/i.test((error as Error).message)) throw error;
    }
  };

  async function translated<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw translateError(error);
    }
  }

  return {
    put: (key, bytes, contentType) =>
      translated(async () => {
        const upload = getBucket().openUploadStream(key, { metadata: { contentType } });
        await new Promise<void>((resolve, reject) => {
          upload.once('finish', () => resolve());
          upload.once('error', reject);
          upload.end(bytes);
        });
        for (const older of await filesNamed(key)) {
          if (!older._id.equals(upload.id)) await removeFile(older._id);
        }
      }),
    get: (key) =>
      translated(async () => {
        const newest = (await filesNamed(key)).at(0);
        if (!newest) return null;
        const chunks: Buffer[] = [];
        for await (const chunk of getBucket().openDownloadStream(newest._id)) chunks.push(chunk as Buffer);
        return { bytes: Buffer.concat(chunks), contentType: newest.metadata?.contentType ?? 'application/octet-stream' };
      }),
    delete: (key) =>
      translated(async () => {
        for (const file of await filesNamed(key)) await removeFile(file._id);
      }),
  };
}
