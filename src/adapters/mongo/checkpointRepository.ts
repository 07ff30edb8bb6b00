import type { Model } from 'mongoose';
import type { CheckpointRepository } from '../../ports/store';
import type { CheckpointDoc } from './schemas/checkpointSchema';
import { guard } from './translateError';

export function createCheckpointRepository(checkpoints: Model<CheckpointDoc>): CheckpointRepository {
  return {
    load: (consumer) =>
      guard(async () => {
        const doc = await checkpoints.findOne({ _id: consumer }).lean<CheckpointDoc>();
        return doc?.position ?? null;
      }),
    async save(consumer, position) {
      await guard(() =>
        checkpoints.updateOne(
          { _id: consumer },
          { $set: { position, updatedAt: new Date().toISOString() } },
          { upsert: true, runValidators: true },
        ),
      );
    },
  };
}
