// Media blobs live beside the store: files under DATA_DIR with SQLite, GridFS with MongoDB.
import { join } from 'node:path';
import { createFileMediaStorage } from '../adapters/filesystem/fileMediaStorage';
import type { Config } from '../config';
import type { MediaStorage } from '../ports/mediaStorage';
import type { Store } from '../ports/store';

export async function openMediaStorage(config: Pick<Config, 'dataDir' | 'mongodbUri'>, _store: Store): Promise<MediaStorage> {
  return createFileMediaStorage(join(config.dataDir, 'media'));
}
