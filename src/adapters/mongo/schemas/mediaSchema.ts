import { Schema } from 'mongoose';
import { type CarriesOutbox, outboxPath } from '../webhooks/embeddedOutbox';
import type { MediaRecord } from '../../../domain/media';
import { environment, ownId, recordOptions, requiredTimestamp, timestamp } from './storedFields';

export interface MediaDoc extends CarriesOutbox, Omit<MediaRecord, 'id'> {
  _id: string;
}

export const mediaSchema = new Schema<MediaDoc>(
  {
    _id: ownId,
    // Webhook events of the write that stored this document, until relayed (webhooks/embeddedOutbox.ts).
    webhookOutbox: outboxPath,
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
