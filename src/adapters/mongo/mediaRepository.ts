import type { Model } from 'mongoose';
import type { MediaRepository } from '../../ports/store';
import type { MediaDoc } from './schemas/mediaSchema';
import { guard } from './translateError';
import { outboxOf } from './webhooks/embeddedOutbox';

export function createMediaRepository(media: Model<MediaDoc>): MediaRepository {
  return {
    async create({ id, ...record }, events) {
      // The events ride in the record's own insert (webhooks/embeddedOutbox.ts).
      await guard(() => media.create({ _id: id, ...record, webhookOutbox: outboxOf(events) }));
      return structuredClone({ id, ...record });
    },
    get: (id) =>
      guard(async () => {
        const doc = await media.findOne({ _id: id, deletedAt: { $exists: false } }).lean<MediaDoc>();
        if (!doc) return null;
        const { _id, webhookOutbox: _outbox, ...record } = doc;
        return { id: _id, ...record };
      }),
    async markDeleted(id, at) {
      const result = await guard(() => media.updateOne({ _id: id, deletedAt: { $exists: false } }, { $set: { deletedAt: at } }));
      return result.modifiedCount === 1;
    },
  };
}
