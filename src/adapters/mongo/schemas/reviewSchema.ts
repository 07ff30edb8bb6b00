import { Schema } from 'mongoose';
import type { Review } from '../../../domain/reviews/review';
import { type CarriesOutbox, outboxPath } from '../webhooks/embeddedOutbox';
import { environment, ownId, partOptions, recordOptions, requiredTimestamp } from './storedFields';
import { type CarriesMarks, keepsWriteMarks } from '../writeMarks';

export interface ReviewDoc extends CarriesOutbox, CarriesMarks, Omit<Review, 'id'> {
  _id: string;
}

const replySchema = new Schema({ text: { type: String, required: true }, createdAt: requiredTimestamp, updatedAt: requiredTimestamp }, partOptions);
const moderationSchema = new Schema(
  {
    action: { type: String, enum: ['hidden', 'restored'], required: true },
    reason: { type: String, required: true },
    by: { type: String, required: true },
    at: requiredTimestamp,
  },
  partOptions,
);

export const reviewSchema = new Schema<ReviewDoc>(
  {
    _id: ownId,
    // Webhook events of the write that stored this document, until relayed (webhooks/embeddedOutbox.ts).
    webhookOutbox: outboxPath,
    environment,
    businessId: { type: String, required: true },
    authorId: { type: String, required: true },
    authorName: { type: String, required: true },
    rating: { type: Number, required: true, min: 1, max: 5 },
    text: { type: String, default: '' },
    visitDate: String,
    reply: replySchema,
    hidden: { type: Boolean, required: true },
    moderation: { type: [moderationSchema], default: [] },
    version: { type: Number, required: true },
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  recordOptions('reviews'),
);
keepsWriteMarks(reviewSchema);
// One review per author and business: DUPLICATE_REVIEW is the database's rule, so two parallel
// POSTs of one account cannot both be stored.
reviewSchema.index({ environment: 1, businessId: 1, authorId: 1 }, { unique: true });
reviewSchema.index({ environment: 1, businessId: 1, hidden: 1, createdAt: -1, _id: -1 });
reviewSchema.index({ environment: 1, businessId: 1, hidden: 1, rating: 1, createdAt: -1, _id: -1 });
