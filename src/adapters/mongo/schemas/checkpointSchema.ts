import { Schema } from 'mongoose';
import { ownId, recordOptions, requiredTimestamp } from './storedFields';

/** One document per consumer name (`_id`), holding its committed change-feed position. */
export interface CheckpointDoc {
  _id: string;
  position: string;
  updatedAt: string;
}

export const checkpointSchema = new Schema<CheckpointDoc>(
  {
    _id: ownId,
    position: { type: String, required: true },
    updatedAt: requiredTimestamp,
  },
  recordOptions('checkpoints'),
);
