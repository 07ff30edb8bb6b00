import { Schema } from 'mongoose';
import { type CarriesOutbox, outboxPath } from '../webhooks/embeddedOutbox';
import type { MediaRecord } from '../../../domain/media';
import { MEDIA_TYPES } from '../../../schemas/endpoints/media';
import { mediaUploadedSchema } from '../../../schemas/responses/records';
import { leafOf, storedAs } from './storedAs';
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
    type: { type: String, enum: MEDIA_TYPES, required: true },
    contentType: { type: String, required: true },
    // Whole bytes, never an empty file: the rules of the record the API shows (storedAs.ts).
    size: storedAs(leafOf(mediaUploadedSchema, 'size'), true),
    storageKey: { type: String, required: true },
    uploadedAt: requiredTimestamp,
    deletedAt: timestamp,
  },
  recordOptions('media'),
);
mediaSchema.index({ environment: 1, businessId: 1 });
