// Reviews in `reviews`. The unique index (environment, businessId, authorId) is DUPLICATE_REVIEW;
// edits are a compare-and-swap with the version in the replaceOne filter. A write's webhook events
// ride inside the review document it writes (webhooks/embeddedOutbox.ts).
import type { Model } from 'mongoose';
import { ConflictError, PreconditionFailedError } from '../../domain/errors';
import { histogramOf } from '../../domain/reviews/ratingSummary';
import type { Review, ReviewPosition, ReviewSort } from '../../domain/reviews/review';
import { duplicateReviewError } from '../../domain/reviews/duplicateReview';
import type { ReviewRepository } from '../../ports/store';
import type { ReviewDoc } from './schemas/reviewSchema';
import type { WriteMarks } from './writeMarks';
import { guard } from './translateError';
import { outboxOf, swapCarryingOutbox } from './webhooks/embeddedOutbox';

function toReview({ _id, webhookOutbox: _outbox, writeMarks: _marks, ...fields }: ReviewDoc): Review {
  return { id: _id, ...fields };
}

const SORTS: Record<ReviewSort, Record<string, 1 | -1>> = {
  newest: { createdAt: -1, _id: -1 },
  highest: { rating: -1, createdAt: -1, _id: -1 },
  lowest: { rating: 1, createdAt: -1, _id: -1 },
};

/** Strictly after `after` in `sort` order (the same conditions as the SQLite adapter's). */
function afterFilter(sort: ReviewSort, after: ReviewPosition | undefined): Record<string, unknown> {
  if (!after) return {};
  const newer = [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after.id } }];
  if (sort === 'newest') return { $or: newer };
  const beyond = sort === 'highest' ? { $lt: after.rating } : { $gt: after.rating };
  return { $or: [{ rating: beyond }, ...newer.map((condition) => ({ rating: after.rating, ...condition }))] };
}

export function createReviewRepository(reviews: Model<ReviewDoc>, marks: WriteMarks): ReviewRepository {
  const findByAuthor = (environment: Review['environment'], businessId: string, authorId: string) =>
    guard(async () => {
      const doc = await reviews.findOne({ environment, businessId, authorId }).lean<ReviewDoc>();
      return doc ? toReview(doc) : null;
    });

  return {
    async create(review, events) {
      const { id, ...fields } = review;
      const redone = await guard(() => marks.redone(reviews));
      if (redone) return toReview(redone);
      try {
        await guard(
          () => reviews.create({ _id: id, ...fields, webhookOutbox: outboxOf(events), writeMarks: marks.carried() }),
          (index) => (index.includes('authorId') ? duplicateReviewError() : undefined),
        );
      } catch (error) {
        if (!(error instanceof ConflictError) || error.code !== 'DUPLICATE_REVIEW') throw error;
        // Name the review the author already wrote, as the SQLite adapter does.
        const existing = await findByAuthor(review.environment, review.businessId, review.authorId).catch(() => null);
        throw duplicateReviewError(existing?.id);
      }
      return structuredClone(review);
    },
    get: (environment, id) =>
      guard(async () => {
        const doc = await reviews.findOne({ _id: id, environment }).lean<ReviewDoc>();
        return doc ? toReview(doc) : null;
      }),
    findByAuthor,
    replace: (next, expectedVersion, events) =>
      guard(async () => {
        const { id, ...fields } = next;
        const redone = await marks.redone(reviews, { _id: id });
        if (redone) return toReview(redone);
        if (!(await swapCarryingOutbox(reviews, { _id: id, ...fields }, expectedVersion, events, marks))) {
          throw new PreconditionFailedError(`Review ${id} is not at version ${expectedVersion}`);
        }
        return structuredClone(next);
      }),
    page: (environment, businessId, { sort, after, limit }) =>
      guard(async () => {
        const size = Math.max(1, Math.trunc(limit));
        const docs = await reviews
          .find({ environment, businessId, hidden: false, ...afterFilter(sort, after) })
          .sort(SORTS[sort])
          .limit(size + 1)
          .lean<ReviewDoc[]>();
        const items = docs.slice(0, size).map(toReview);
        const last = items.at(-1);
        return docs.length > size && last ? { items, next: { rating: last.rating, createdAt: last.createdAt, id: last.id } } : { items };
      }),
    histogram: (environment, businessId) =>
      guard(async () => {
        const rows = await reviews.aggregate<{ _id: number; count: number }>([
          { $match: { environment, businessId, hidden: false } },
          { $group: { _id: '$rating', count: { $sum: 1 } } },
        ]);
        return histogramOf(rows.map((row) => ({ rating: row._id, count: row.count })));
      }),
  };
}
