// Webhook subscriptions, outbox and delivery log on MongoDB, on the driver's collections (the
// records are stored as the domain shapes with `_id`). Deliveries change by compare-and-swap on
// `version` in one updateOne, so two dispatchers cannot both take the same lease.
import type { Model, mongo } from 'mongoose';
import { relayEmbeddedOutbox } from './embeddedOutbox';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../../domain/webhooks/webhookRecords';
import type { WebhookEndpointPatch, WebhookRepository } from '../../../ports/webhookRepository';
import { pageSize, toListPage } from '../../keysetPage';
import { afterPosition } from '../keysetPage';
import { guard } from '../translateError';

import { type EventDoc, insertEvents, type Stored, toDoc } from './outboxEvents';

function fromDoc<T extends { id: string }>(doc: Stored<T> | null): T | null {
  if (!doc) return null;
  const { _id, ...rest } = doc as Stored<T> & Record<string, unknown>;
  delete rest.fannedOut;
  delete rest.seq;
  return { id: _id, ...rest } as unknown as T; // Stored<T> is T with _id for id: the rest spread of a generic loses that
}


export interface MongoWebhookCollections {
  endpoints: mongo.Collection<Stored<WebhookEndpoint>>;
  events: mongo.Collection<EventDoc>;
  deliveries: mongo.Collection<Stored<WebhookDelivery>>;
}

export async function openWebhookCollections(db: mongo.Db): Promise<MongoWebhookCollections> {
  const endpoints = db.collection<Stored<WebhookEndpoint>>('webhook_endpoints');
  const events = db.collection<EventDoc>('webhook_events');
  const deliveries = db.collection<Stored<WebhookDelivery>>('webhook_deliveries');
  await endpoints.createIndex({ accountId: 1, environment: 1, createdAt: 1, _id: 1 });
  await events.createIndex({ fannedOut: 1, seq: 1 });
  await deliveries.createIndex({ eventId: 1, endpointId: 1 }, { unique: true });
  await deliveries.createIndex({ endpointId: 1, createdAt: -1, _id: -1 });
  await deliveries.createIndex({ status: 1, nextAttemptAt: 1 });
  await deliveries.createIndex({ status: 1, leaseUntil: 1 });
  return { endpoints, events, deliveries };
}

/** $set / $unset from a patch whose null values remove a field. */
function toUpdate(patch: WebhookEndpointPatch) {
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, 1> = {};
  // A patch may hold a field set to undefined: it changes nothing.
  for (const [key, value] of Object.entries(patch) as Array<[string, unknown]>) {
    if (value === null) $unset[key] = 1;
    else if (value !== undefined) $set[key] = value;
  }
  return { ...(Object.keys($set).length > 0 && { $set }), ...(Object.keys($unset).length > 0 && { $unset }) };
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number }).code === 11000;
}

/**
 * `relayFrom`: the collections whose writes carry their webhook events inside the written document
 * (embeddedOutbox.ts); they are relayed into webhook_events before each fan-out read.
 */
export function createMongoWebhookRepository(collections: MongoWebhookCollections, relayFrom: Array<Model<never>> = []): WebhookRepository {
  const { endpoints, events, deliveries } = collections;
  return {
    createEndpoint: (endpoint) =>
      guard(async () => {
        await endpoints.insertOne(toDoc(endpoint));
        return structuredClone(endpoint);
      }),
    getEndpoint: (id) => guard(async () => fromDoc<WebhookEndpoint>(await endpoints.findOne({ _id: id }))),
    pageEndpoints: (accountId, environment, options) =>
      guard(async () => {
        const size = pageSize(options);
        const owned = { accountId, environment };
        const docs = await endpoints
          .find({ ...owned, ...afterPosition(options.after) })
          .sort({ createdAt: 1, _id: 1 })
          .limit(size + 1)
          .toArray();
        return toListPage(docs.map((doc) => fromDoc<WebhookEndpoint>(doc)!), size, await endpoints.countDocuments(owned));
      }),
    enabledEndpoints: (accountId, environment) =>
      guard(async () => {
        const docs = await endpoints.find({ accountId, environment, enabled: true }).sort({ createdAt: 1, _id: 1 }).toArray();
        return docs.map((doc) => fromDoc<WebhookEndpoint>(doc)!);
      }),
    updateEndpoint: (id, patch) =>
      guard(async () => {
        const update = toUpdate(patch);
        if (Object.keys(update).length > 0) await endpoints.updateOne({ _id: id }, update);
        return fromDoc<WebhookEndpoint>(await endpoints.findOne({ _id: id }));
      }),
    noteEndpointFailure: (id, at) =>
      guard(async () => {
        await endpoints.updateOne({ _id: id, failingSince: { $exists: false } }, { $set: { failingSince: at } });
        return fromDoc<WebhookEndpoint>(await endpoints.findOne({ _id: id }));
      }),
    deleteEndpoint: (id) =>
      guard(async () => {
        const removed = await endpoints.deleteOne({ _id: id });
        await deliveries.deleteMany({ endpointId: id });
        return removed.deletedCount === 1;
      }),
    appendEvents: (records) => guard(() => insertEvents(events, records)),
    getEvent: (id) => guard(async () => fromDoc<WebhookEvent>(await events.findOne({ _id: id }))),
    eventsToFanOut: (limit) =>
      guard(async () => {
        await relayEmbeddedOutbox(relayFrom, events);
        const docs = await events.find({ fannedOut: false }).sort({ seq: 1 }).limit(Math.max(1, Math.trunc(limit))).toArray();
        return docs.map((doc) => fromDoc<WebhookEvent>(doc)!);
      }),
    fanOut: (eventId, records) =>
      guard(async () => {
        // No transaction: each delivery is inserted once (unique event + endpoint), then the event
        // is marked; a crash in between repeats the inserts, which the unique index turns away.
        for (const delivery of records) {
          await deliveries.insertOne(toDoc(delivery)).catch((error: unknown) => {
            if (!isDuplicateKey(error)) throw error;
          });
        }
        await events.updateOne({ _id: eventId }, { $set: { fannedOut: true } });
      }),
    getDelivery: (id) => guard(async () => fromDoc<WebhookDelivery>(await deliveries.findOne({ _id: id }))),
    dueDeliveries: (now, limit) =>
      guard(async () => {
        const size = Math.max(1, Math.trunc(limit));
        const pending = await deliveries.find({ status: 'pending', nextAttemptAt: { $lte: now } }).sort({ nextAttemptAt: 1 }).limit(size).toArray();
        const expired = await deliveries.find({ status: 'delivering', leaseUntil: { $lte: now } }).sort({ leaseUntil: 1 }).limit(size).toArray();
        const dueAt = (doc: Stored<WebhookDelivery>) => (doc.status === 'pending' ? doc.nextAttemptAt : doc.leaseUntil) ?? '';
        return [...pending, ...expired]
          .sort((a, b) => dueAt(a).localeCompare(dueAt(b)))
          .slice(0, size)
          .map((doc) => fromDoc<WebhookDelivery>(doc)!);
      }),
    replaceDelivery: (next, expectedVersion) =>
      guard(async () => {
        const result = await deliveries.replaceOne({ _id: next.id, version: expectedVersion }, toDoc(next));
        return result.matchedCount === 1;
      }),
    pageDeliveries: (endpointId, options) =>
      guard(async () => {
        const size = pageSize(options);
        const before = options.after
          ? { $or: [{ createdAt: { $lt: options.after.createdAt } }, { createdAt: options.after.createdAt, _id: { $lt: options.after.id } }] }
          : {};
        const docs = await deliveries
          .find({ endpointId, ...before })
          .sort({ createdAt: -1, _id: -1 })
          .limit(size + 1)
          .toArray();
        return toListPage(docs.map((doc) => fromDoc<WebhookDelivery>(doc)!), size, await deliveries.countDocuments({ endpointId }));
      }),
  };
}
