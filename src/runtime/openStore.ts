// Chooses the persistence adapters from configuration: MongoDB (media on GridFS) when
// MONGODB_URI is set, otherwise the embedded SQLite database and media files under DATA_DIR.
// The MongoDB driver and its models load only when configured (about 40 MiB a process that does
// not use them would hold).
import { join } from 'node:path';
import { createFileMediaStorage } from '../adapters/filesystem/fileMediaStorage';
import { createSqliteStore } from '../adapters/sqlite/store/sqliteStore';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { MediaStorage } from '../ports/mediaStorage';
import type { Store } from '../ports/store';

export interface Persistence {
  store: Store;
  mediaStorage: MediaStorage;
}

/** How a process that is not the API uses the store: a bulk import gives the embedded store's page cache and write-ahead log more room. */
export interface StoreTuning {
  /** Embedded store only: its connection's page cache in MiB (SQLite's default is 2). */
  cacheMiB?: number;
  /** Embedded store only: the write-ahead log's size in MiB before a commit copies it into the database (SQLite's default is about 4). */
  checkpointMiB?: number;
}

export async function openPersistence(config: Pick<Config, 'dataDir' | 'mongodbUri'>, logger?: Logger, tuning: StoreTuning = {}): Promise<Persistence> {
  if (config.mongodbUri) {
    const { createMongoStore } = await import('../adapters/mongo/mongoStore');
    const { createGridFsMediaStorage } = await import('../adapters/mongo/gridFsMediaStorage');
    const store = await createMongoStore({ uri: config.mongodbUri, logger, serverSelectionTimeoutMS: 3000 });
    try {
      await store.ping();
    } catch (error) {
      await store.close();
      throw error;
    }
    return { store, mediaStorage: createGridFsMediaStorage(store.connection) };
  }
  return {
    store: createSqliteStore({ file: join(config.dataDir, 'store.db'), ...tuning }),
    mediaStorage: createFileMediaStorage(join(config.dataDir, 'media')),
  };
}

export async function openStore(config: Pick<Config, 'dataDir' | 'mongodbUri'>, logger?: Logger, tuning?: StoreTuning): Promise<Store> {
  return (await openPersistence(config, logger, tuning)).store;
}
