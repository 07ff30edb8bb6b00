import type { MediaRecord } from '../../../domain/media';
import type { MediaRepository } from '../../../ports/store';
import type { SqliteDatabase } from '../openDatabase';

export function createMediaRepository(db: SqliteDatabase): MediaRepository {
  const insert = db.prepare<[string, string]>('INSERT INTO media (id, doc) VALUES (?, ?)');
  const live = db.prepare<[string], { doc: string }>('SELECT doc FROM media WHERE id = ? AND deleted_at IS NULL');
  const markDeleted = db.prepare<[string, string]>(
    "UPDATE media SET doc = json_set(doc, '$.deletedAt', ?) WHERE id = ? AND deleted_at IS NULL",
  );

  return {
    async create(record) {
      const doc = JSON.stringify(record);
      insert.run(record.id, doc);
      return JSON.parse(doc) as MediaRecord;
    },
    async get(id) {
      const row = live.get(id);
      return row ? (JSON.parse(row.doc) as MediaRecord) : null;
    },
    async markDeleted(id, at) {
      return markDeleted.run(at, id).changes === 1;
    },
  };
}
