// The inbox of the payment provider's notifications on MongoDB. A claim leases events
// one atomic findOneAndUpdate each, so two instances never get the same event while its lease runs;
// an instance that dies holding one leaves it to whoever claims after the lease ran out.
import type { Model } from 'mongoose';
import type { StoredProviderEvent } from '../../domain/payments/storedProviderEvent';
import type { ProviderEventInbox } from '../../ports/payments';
import type { ProviderEventDoc } from './schemas/providerEventSchema';
import { guard } from './translateError';

const toStored = ({ _id, ...stored }: ProviderEventDoc): StoredProviderEvent => stored;

export function createProviderEventInbox(events: Model<ProviderEventDoc>): ProviderEventInbox {
  return {
    add: (event, receivedAt) =>
      guard(async () => {
        const result = await events.updateOne(
          { _id: event.id },
          { $setOnInsert: { _id: event.id, event, receivedAt, attempts: 0, nextAttemptAt: receivedAt } },
          { upsert: true },
        );
        return result.upsertedCount === 1;
      }),
    get: (id) =>
      guard(async () => {
        const doc = await events.findOne({ _id: id }).lean<ProviderEventDoc>();
        return doc ? toStored(doc) : null;
      }),
    claim: (now, leaseUntil, limit) =>
      guard(async () => {
        const claimed: StoredProviderEvent[] = [];
        while (claimed.length < limit) {
          const doc = await events
            .findOneAndUpdate(
              { handledAt: null, nextAttemptAt: { $lte: now }, $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }] },
              { $set: { leaseUntil }, $inc: { attempts: 1 } },
              { sort: { receivedAt: 1 }, returnDocument: 'after' },
            )
            .lean<ProviderEventDoc>();
          if (!doc) break;
          claimed.push(toStored(doc));
        }
        return claimed;
      }),
    markHandled: (id, at) =>
      guard(async () => {
        await events.updateOne({ _id: id }, { $set: { handledAt: at }, $unset: { leaseUntil: 1, lastError: 1 } });
      }),
    markFailed: (id, error, retryAt) =>
      guard(async () => {
        await events.updateOne({ _id: id }, { $set: { lastError: error, nextAttemptAt: retryAt }, $unset: { leaseUntil: 1 } });
      }),
  };
}
