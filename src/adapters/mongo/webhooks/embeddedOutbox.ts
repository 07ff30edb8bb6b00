// The webhook outbox on MongoDB without multi-document transactions: a write's events travel
// inside the very document it writes (field `webhookOutbox`), so the change and its events are
// one atomic single-document write: stored together or not at all. A relay then copies them into
// `webhook_events` (an upsert by event id, so repeating it after a crash adds nothing) and only
// then pulls them from the document. A profile replace carries forward events not relayed yet,
// so a quick second write does not overwrite the first one's events.
import type { Model, mongo } from 'mongoose';
import { Schema } from 'mongoose';
import type { WebhookEvent } from '../../../domain/webhooks/webhookRecords';
import { type EventDoc, insertEvents } from './outboxEvents';
import type { CarriesMarks, WriteMarks } from '../writeMarks';

export const OUTBOX_FIELD = 'webhookOutbox';

/** The schema path each outbox-carrying collection declares (schemas are strict). */
export const outboxPath = { type: [Schema.Types.Mixed], default: undefined };

export interface CarriesOutbox {
  webhookOutbox?: WebhookEvent[];
}

/** The document without its outbox, for mapping back to the domain record. */
export function withoutOutbox<T extends CarriesOutbox>(doc: T): Omit<T, 'webhookOutbox'> {
  const { webhookOutbox: _outbox, ...rest } = doc;
  return rest;
}

/** Outbox events to store with a write (undefined when there are none, so no empty field is written). */
export function outboxOf(...lists: Array<readonly WebhookEvent[] | undefined>): WebhookEvent[] | undefined {
  const events = lists.flatMap((list) => list ?? []);
  return events.length > 0 ? events : undefined;
}

type OutboxCollection = mongo.Collection<{ _id: string } & CarriesOutbox>;

/** Moves relayed events from the documents into webhook_events; returns how many were moved. */
export async function relayEmbeddedOutbox(sources: Array<Model<never>>, target: mongo.Collection<EventDoc>, limit = 100): Promise<number> {
  let moved = 0;
  for (const model of sources) {
    const collection = model.collection as unknown as OutboxCollection; // mongoose types it Collection<Document>, an ObjectId _id; ours are strings
    const docs = await collection.find({ [`${OUTBOX_FIELD}.0`]: { $exists: true } }, { projection: { [OUTBOX_FIELD]: 1 } }).limit(limit).toArray();
    for (const doc of docs) {
      const events = doc.webhookOutbox ?? [];
      await insertEvents(target, events);
      await collection.updateOne({ _id: doc._id }, { $pull: { [OUTBOX_FIELD]: { id: { $in: events.map((event) => event.id) } } } } as never);
      moved += events.length;
    }
  }
  return moved;
}

/**
 * Compare-and-swap of a whole document on `version` that keeps its outbox: the events of earlier
 * writes not relayed yet (a replace would drop them) plus this write's. False when the stored
 * document is not at `expectedVersion`. An event the relay moves between the read and the swap
 * comes back and is relayed again, which the relay's upsert by event id turns into nothing.
 * replaceOne, not findOneAndReplace: mongo-java-server writes no oplog entry for findAndModify.
 */
export async function swapCarryingOutbox<T extends { _id: string; environment: string; version: number }>(
  model: Model<T>,
  next: T,
  expectedVersion: number,
  events: readonly WebhookEvent[] | undefined,
  marks: WriteMarks,
): Promise<boolean> {
  const doc = new model(next);
  await doc.validate();
  const filter = { _id: next._id, environment: next.environment, version: expectedVersion };
  const current = await model.collection.findOne(filter as never, { projection: { [OUTBOX_FIELD]: 1, writeMarks: 1 } });
  if (!current) return false;
  const outbox = outboxOf((current as CarriesOutbox).webhookOutbox, events);
  if (outbox) doc.set(OUTBOX_FIELD, outbox);
  // The marks of earlier idempotent writes are carried forward too (writeMarks.ts).
  const carried = marks.carried((current as CarriesMarks).writeMarks);
  if (carried) doc.set('writeMarks', carried);
  const result = await model.collection.replaceOne(filter as never, doc.toObject());
  return result.matchedCount === 1;
}
