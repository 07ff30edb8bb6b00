// Outbox events as stored in `webhook_events`: the record with `_id`, whether it was fanned
// out, and an arrival order.
import type { mongo } from 'mongoose';
import type { WebhookEvent } from '../../../domain/webhooks/webhookRecords';

export type Stored<T extends { id: string }> = Omit<T, 'id'> & { _id: string };
export type EventDoc = Stored<WebhookEvent> & { fannedOut: boolean; seq: number };

export function toDoc<T extends { id: string }>(record: T): Stored<T> {
  const { id, ...rest } = record;
  return { _id: id, ...rest } as Stored<T>;
}

/** Inserts outbox events, skipping ones already stored (a relay repeated after a crash). */
export async function insertEvents(events: mongo.Collection<EventDoc>, records: readonly WebhookEvent[]): Promise<void> {
  for (const event of records) {
    await events.updateOne(
      { _id: event.id },
      // seq orders fan-out roughly by arrival; ordering is not promised to receivers anyway.
      { $setOnInsert: { ...toDoc(event), fannedOut: false, seq: Date.now() } as EventDoc },
      { upsert: true },
    );
  }
}

