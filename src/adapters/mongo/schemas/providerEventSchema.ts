import { Schema } from 'mongoose';
import type { StoredProviderEvent } from '../../../domain/payments/storedProviderEvent';
import { recordOptions, requiredTimestamp, timestamp } from './storedFields';

/** A payment provider's notification in the inbox; the provider's event id is the `_id`. */
export interface ProviderEventDoc extends StoredProviderEvent {
  _id: string;
}

export const providerEventSchema = new Schema<ProviderEventDoc>(
  {
    _id: { type: String, required: true },
    // The event as the domain reads it (ProviderEvent): its shape is the provider adapter's.
    event: { type: Schema.Types.Mixed, required: true },
    receivedAt: requiredTimestamp,
    handledAt: timestamp,
    attempts: { type: Number, required: true },
    lastError: String,
    nextAttemptAt: requiredTimestamp,
    leaseUntil: timestamp,
  },
  recordOptions('provider_events'),
);
providerEventSchema.index({ handledAt: 1, nextAttemptAt: 1, receivedAt: 1 });
