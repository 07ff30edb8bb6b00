// MediaStorage on the local filesystem (the embedded default: files under DATA_DIR/media).
//
// Each blob is one file: a one-line header with the content type, then the bytes. Keeping both in
// one file means a single rename publishes them together, so a reader never sees bytes without
// their type or a type without its bytes.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { MediaStorage } from '../../ports/mediaStorage';
import { storageKeyPath } from './storageKeyPath';

const MAGIC = 'MEDIA1 ';
const NEWLINE = 0x0a;

export function createFileMediaStorage(dir: string): MediaStorage {
  const root = resolve(dir);

  const pathOf = (key: string): string => {
    const path = resolve(root, storageKeyPath(key));
    // Belt and braces: storageKeyPath already refuses anything that could leave the directory.
    if (!path.startsWith(root + sep)) throw new Error('Media storage key resolves outside the storage directory');
    return path;
  };

  return {
    async put(key, bytes, contentType) {
      if (!/^[\x21-\x7e]+(?:; ?[\x20-\x7e]+)?$/.test(contentType)) {
        throw new Error('Media content type must be a single printable line');
      }
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // The temp name starts with a dot, which no valid key segment may, so it never shadows a blob.
      const temp = `${dirname(target)}${sep}.tmp-${randomBytes(8).toString('hex')}`;
      try {
        const file = await open(temp, 'wx');
        try {
          await file.writeFile(Buffer.concat([Buffer.from(`${MAGIC}${contentType}\n`, 'latin1'), bytes]));
          // Flush before the rename so a crash cannot publish a name pointing at missing data.
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      let raw: Buffer;
      try {
        raw = await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const end = raw.indexOf(NEWLINE);
      const header = end < 0 ? '' : raw.subarray(0, end).toString('latin1');
      if (!header.startsWith(MAGIC)) throw new Error(`Media blob ${key} has no content-type header`);
      return { contentType: header.slice(MAGIC.length), bytes: raw.subarray(end + 1) };
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
