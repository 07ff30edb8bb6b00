// The contract every MediaStorage adapter passes (files under DATA_DIR now, GridFS later).
// Call it once from each adapter's test file with a factory for a fresh, empty storage.
import type { MediaStorage } from '../../src/ports/mediaStorage';

export function mediaStorageContract(
  name: string,
  createStorage: () => Promise<MediaStorage>,
  cleanup?: (storage: MediaStorage) => Promise<void>,
): void {
  describe(`MediaStorage contract: ${name}`, () => {
    let storage: MediaStorage;

    beforeEach(async () => {
      storage = await createStorage();
    });

    afterEach(async () => {
      await cleanup?.(storage);
    });

    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

    it('returns the stored bytes and content type', async () => {
      await storage.put('live/biz_1/med_1', jpeg, 'image/jpeg');

      const blob = await storage.get('live/biz_1/med_1');

      expect(blob).not.toBeNull();
      expect(blob!.contentType).toBe('image/jpeg');
      expect(Buffer.compare(blob!.bytes, jpeg)).toBe(0);
    });

    it('keeps every byte value, including newlines and zero bytes', async () => {
      const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await storage.put('med_all_bytes', bytes, 'application/octet-stream');

      expect(Buffer.compare((await storage.get('med_all_bytes'))!.bytes, bytes)).toBe(0);
    });

    it('stores an empty blob', async () => {
      await storage.put('med_empty', Buffer.alloc(0), 'image/png');

      const blob = await storage.get('med_empty');
      expect(blob!.bytes.length).toBe(0);
      expect(blob!.contentType).toBe('image/png');
    });

    it('returns null for a key never stored', async () => {
      expect(await storage.get('live/biz_1/med_missing')).toBeNull();
    });

    it('replaces the bytes and type when a key is written again', async () => {
      await storage.put('med_1', jpeg, 'image/jpeg');
      await storage.put('med_1', Buffer.from('GIF89a'), 'image/gif');

      const blob = await storage.get('med_1');
      expect(blob!.contentType).toBe('image/gif');
      expect(blob!.bytes.toString()).toBe('GIF89a');
    });

    it('keeps keys apart', async () => {
      await storage.put('test/biz_1/med_1', Buffer.from('test'), 'image/png');
      await storage.put('live/biz_1/med_1', Buffer.from('live'), 'image/png');

      expect((await storage.get('test/biz_1/med_1'))!.bytes.toString()).toBe('test');
      expect((await storage.get('live/biz_1/med_1'))!.bytes.toString()).toBe('live');
    });

    it('deletes a blob so it reads as missing', async () => {
      await storage.put('live/biz_1/med_1', jpeg, 'image/jpeg');

      await storage.delete('live/biz_1/med_1');

      expect(await storage.get('live/biz_1/med_1')).toBeNull();
    });

    it('treats deleting a missing blob as done', async () => {
      await expect(storage.delete('live/biz_1/med_never')).resolves.toBeUndefined();
    });

    it('stores a larger blob intact', async () => {
      const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
      bytes[bytes.length - 1] = 9;
      await storage.put('med_large', bytes, 'video/mp4');

      const blob = await storage.get('med_large');
      expect(blob!.bytes.length).toBe(bytes.length);
      expect(Buffer.compare(blob!.bytes, bytes)).toBe(0);
    });
  });
}
