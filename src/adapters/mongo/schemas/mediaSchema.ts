import { Schema } from 'mongoose';
import type { MediaRecord } from '../../../domain/media';
import { environment, ownId, recordOptions, requiredTimestamp, timestamp } from './storedFields';

export interface MediaDoc extends Omit<MediaRecord, 'id'> {
  _id: string;
}

export const mediaSchema = new Schema<MediaDoc>(
  {
    _id: ownId,
    businessId: { type: String, required: true },
    environment,
    ownerId: { type: String, required: true },
    type: { type: String, enum: ['photo', 'video', 'logo'], required: true },
    contentType: { type: String, required: true },
    size: { type: Number, required: true, min: 0 },
    storageKey: { type: String, required: true },
    uploadedAt: requiredTimestamp,
    deletedAt: timestamp,
  },
  recordOptions('media'),
);
mediaSchema.index({ environment: 1, businessId: 1 });
