import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileMediaStorage } from '../../src/adapters/filesystem/fileMediaStorage';
import { InvalidStorageKeyError } from '../../src/adapters/filesystem/storageKeyPath';
import { mediaStorageContract } from './mediaStorage.contract';

const dirs: string[] = [];

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bdapi-media-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

mediaStorageContract('files in a directory', async () => createFileMediaStorage(join(freshDir(), 'media')));

describe('file media storage', () => {
  it.each([
    ['a key with a parent-directory step', '../escaped'],
    ['a key with a nested parent-directory step', 'live/../../escaped'],
    ['an absolute path', '/etc/passwd'],
    ['a key with a backslash', '..\\escaped'],
    ['an empty key', ''],
    ['a key with an empty segment', 'live//med_1'],
    ['a key with a trailing slash', 'live/'],
    ['a key with a dot segment', 'live/./med_1'],
    ['a hidden (dot) name', '.tmp-123'],
    ['a key with a NUL byte', 'med\u00001'],
  ])('refuses %s', async (_what, key) => {
    const storage = createFileMediaStorage(join(freshDir(), 'media'));

    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('writes nothing outside its directory for a traversal key', async () => {
    const parent = freshDir();
    const storage = createFileMediaStorage(join(parent, 'media'));

    await storage.put('../escaped', Buffer.from('x'), 'image/png').catch(() => undefined);

    expect(readdirSync(parent)).not.toContain('escaped');
  });

  it('leaves no temporary files behind after writes', async () => {
    const dir = join(freshDir(), 'media');
    const storage = createFileMediaStorage(dir);

    await storage.put('live/biz_1/med_1', Buffer.from('one'), 'image/png');
    await storage.put('live/biz_1/med_1', Buffer.from('two'), 'image/png');

    expect(readdirSync(join(dir, 'live', 'biz_1'))).toEqual(['med_1']);
  });

  it('refuses a content type spanning lines', async () => {
    const storage = createFileMediaStorage(join(freshDir(), 'media'));

    await expect(storage.put('med_1', Buffer.from('x'), 'image/png\nX-Injected: 1')).rejects.toThrow('content type');
    expect(await storage.get('med_1')).toBeNull();
  });

  it('fails a write when the directory cannot be created, leaving nothing readable', async () => {
    const parent = freshDir();
    // A plain file where the storage directory should be makes every write fail.
    writeFileSync(join(parent, 'media'), 'not a directory');
    const storage = createFileMediaStorage(join(parent, 'media'));

    await expect(storage.put('live/med_1', Buffer.from('x'), 'image/png')).rejects.toThrow();
    expect(await storage.get('live/med_1')).toBeNull();
  });

  it('reads blobs written by an earlier instance on the same directory', async () => {
    const dir = join(freshDir(), 'media');
    await createFileMediaStorage(dir).put('live/med_1', Buffer.from('kept'), 'image/webp');

    const blob = await createFileMediaStorage(dir).get('live/med_1');

    expect(blob).toEqual({ contentType: 'image/webp', bytes: Buffer.from('kept') });
  });
});
