import type { MediaRecord } from '../../../domain/media';
import type { MediaRepository } from '../../../ports/store';
import type { SqliteDatabase } from '../openDatabase';
import type { OutboxWriter } from './webhookOutbox';
import type { WebhookEvent } from '../../../domain/webhooks/webhookRecords';
import type { Synchronous } from './synchronous';

export function createMediaRepository(db: SqliteDatabase, outbox: OutboxWriter): Synchronous<MediaRepository> {
  const insert = db.prepare<[string, string]>('INSERT INTO media (id, doc) VALUES (?, ?)');
  const live = db.prepare<[string], { doc: string }>('SELECT doc FROM media WHERE id = ? AND deleted_at IS NULL');
  const markDeleted = db.prepare<[string, string]>(
    "UPDATE media SET doc = json_set(doc, '$.deletedAt', ?) WHERE id = ? AND deleted_at IS NULL",
  );

  // The record and its webhook events (media.uploaded) commit together.
  const create = db.transaction((record: MediaRecord, doc: string, events?: readonly WebhookEvent[]) => {
    insert.run(record.id, doc);
    outbox(events);
  });

  return {
    create(record, events) {
      const doc = JSON.stringify(record);
      create.immediate(record, doc, events);
      return JSON.parse(doc) as MediaRecord;
    },
    get(id) {
      const row = live.get(id);
      return row ? (JSON.parse(row.doc) as MediaRecord) : null;
    },
    markDeleted(id, at) {
      return markDeleted.run(at, id).changes === 1;
    },
  };
}
