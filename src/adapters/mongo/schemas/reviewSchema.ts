import { Schema } from 'mongoose';
import type { Review } from '../../../domain/reviews/review';
import { createReviewBodySchema, reviewModerationBodySchema, reviewReplyBodySchema } from '../../../schemas/endpoints/reviews';
import { type CarriesOutbox, outboxPath } from '../webhooks/embeddedOutbox';
import { leafOf, storedAs } from './storedAs';
import { environment, ownId, partOptions, recordOptions, requiredTimestamp } from './storedFields';
import { type CarriesMarks, keepsWriteMarks } from '../writeMarks';

export interface ReviewDoc extends CarriesOutbox, CarriesMarks, Omit<Review, 'id'> {
  _id: string;
}

// Each written field keeps the rules of the body it came in (storedAs.ts).
const replySchema = new Schema({ text: storedAs(leafOf(reviewReplyBodySchema, 'text'), true), createdAt: requiredTimestamp, updatedAt: requiredTimestamp }, partOptions);
const moderationSchema = new Schema(
  {
    action: { type: String, enum: ['hidden', 'restored'], required: true },
    reason: storedAs(leafOf(reviewModerationBodySchema, 'reason'), true),
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
    rating: storedAs(leafOf(createReviewBodySchema, 'rating'), true),
    text: { ...storedAs(leafOf(createReviewBodySchema, 'text')), default: '' },
    visitDate: storedAs(leafOf(createReviewBodySchema, 'visitDate')),
    reply: replySchema,
    hidden: { type: Boolean, required: true },
    moderation: { type: [moderationSchema], required: true, default: [] },
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
