// Writes outbox rows from inside another repository's transaction: profiles, verifications and
// media call it in the db.transaction that stores their change, so the change and its events
// commit or roll back together.
import type { WebhookEvent } from '../../../domain/webhooks/webhookRecords';
import type { SqliteDatabase } from '../openDatabase';

export type OutboxWriter = (events: readonly WebhookEvent[] | undefined) => void;

export function createOutboxWriter(db: SqliteDatabase): OutboxWriter {
  const insert = db.prepare<[string, string]>('INSERT INTO webhook_events (id, doc) VALUES (?, ?) ON CONFLICT (id) DO NOTHING');
  return (events) => {
    for (const event of events ?? []) insert.run(event.id, JSON.stringify(event));
  };
}
