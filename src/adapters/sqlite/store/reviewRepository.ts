// Reviews in SQLite: the whole record as a JSON document, lookup columns generated from it. A
// write and its webhook events (review.submitted / review.updated) commit in one transaction.
import { PreconditionFailedError } from '../../../domain/errors';
import type { Environment } from '../../../domain/profile';
import { histogramOf } from '../../../domain/reviews/ratingSummary';
import type { Review, ReviewSort } from '../../../domain/reviews/review';
import type { WebhookEvent } from '../../../domain/webhooks/webhookRecords';
import type { ReviewRepository } from '../../../ports/store';
import type { SqliteDatabase } from '../openDatabase';
import { duplicateReviewError } from '../../../domain/reviews/duplicateReview';
import { isUniqueViolation } from './uniqueViolation';
import type { OutboxWriter } from './webhookOutbox';
import type { Synchronous } from './synchronous';

interface DocRow {
  doc: string;
}

// Each order and the "strictly after this position" condition that continues it. Ratings are
// whole numbers and timestamps ISO strings, so comparisons here match the other engines'.
const ORDERS: Record<ReviewSort, { orderBy: string; after: string }> = {
  newest: {
    orderBy: 'created_at DESC, id DESC',
    after: '(created_at < @createdAt OR (created_at = @createdAt AND id < @id))',
  },
  highest: {
    orderBy: 'rating DESC, created_at DESC, id DESC',
    after: '(rating < @rating OR (rating = @rating AND (created_at < @createdAt OR (created_at = @createdAt AND id < @id))))',
  },
  lowest: {
    orderBy: 'rating ASC, created_at DESC, id DESC',
    after: '(rating > @rating OR (rating = @rating AND (created_at < @createdAt OR (created_at = @createdAt AND id < @id))))',
  },
};

export function createReviewRepository(db: SqliteDatabase, outbox: OutboxWriter): Synchronous<ReviewRepository> {
  const insert = db.prepare<[string, string]>('INSERT INTO reviews (id, doc) VALUES (?, ?)');
  const byId = db.prepare<[string, Environment], DocRow>('SELECT doc FROM reviews WHERE id = ? AND environment = ?');
  const byAuthor = db.prepare<[Environment, string, string], DocRow>(
    'SELECT doc FROM reviews WHERE environment = ? AND business_id = ? AND author_id = ?',
  );
  const swap = db.prepare<[string, string, Environment, number]>('UPDATE reviews SET doc = ? WHERE id = ? AND environment = ? AND version = ?');
  const counts = db.prepare<[Environment, string], { rating: number; count: number }>(
    'SELECT rating, count(*) AS count FROM reviews WHERE environment = ? AND business_id = ? AND hidden = 0 GROUP BY rating',
  );
  const pages = Object.fromEntries(
    (Object.keys(ORDERS) as ReviewSort[]).map((sort) => {
      const { orderBy, after } = ORDERS[sort];
      const base = 'SELECT doc FROM reviews WHERE environment = @environment AND business_id = @businessId AND hidden = 0';
      return [
        sort,
        {
          first: db.prepare<[Record<string, unknown>], DocRow>(`${base} ORDER BY ${orderBy} LIMIT @limit`),
          after: db.prepare<[Record<string, unknown>], DocRow>(`${base} AND ${after} ORDER BY ${orderBy} LIMIT @limit`),
        },
      ];
    }),
  ) as Record<ReviewSort, { first: ReturnType<typeof db.prepare>; after: ReturnType<typeof db.prepare> }>;

  const read = (row: DocRow | undefined): Review | null => (row ? (JSON.parse(row.doc) as Review) : null);

  // db.transaction rolls back on throw: a refused write (duplicate author, stale version) leaves no event.
  const create = db.transaction((review: Review, events?: readonly WebhookEvent[]) => {
    insert.run(review.id, JSON.stringify(review));
    outbox(events);
  });
  const replace = db.transaction((next: Review, expectedVersion: number, events?: readonly WebhookEvent[]) => {
    const swapped = swap.run(JSON.stringify(next), next.id, next.environment, expectedVersion);
    if (swapped.changes !== 1) throw new PreconditionFailedError(`Review ${next.id} is not at version ${expectedVersion}`);
    outbox(events);
  });

  return {
    create(review, events) {
      try {
        create.immediate(review, events);
      } catch (error) {
        if (isUniqueViolation(error, 'reviews', ['environment', 'business_id', 'author_id'])) {
          const existing = read(byAuthor.get(review.environment, review.businessId, review.authorId));
          throw duplicateReviewError(existing?.id);
        }
        throw error;
      }
      return structuredClone(review);
    },
    get(environment, id) {
      return read(byId.get(id, environment));
    },
    findByAuthor(environment, businessId, authorId) {
      return read(byAuthor.get(environment, businessId, authorId));
    },
    replace(next, expectedVersion, events) {
      replace.immediate(next, expectedVersion, events);
      return structuredClone(next);
    },
    page(environment, businessId, { sort, after, limit }) {
      const size = Math.max(1, Math.trunc(limit));
      const statement = after ? pages[sort].after : pages[sort].first;
      const params = { environment, businessId, limit: size + 1, ...(after && { rating: after.rating, createdAt: after.createdAt, id: after.id }) };
      const rows = statement.all(params) as DocRow[];
      const items = rows.slice(0, size).map((row) => JSON.parse(row.doc) as Review);
      const last = items.at(-1);
      return rows.length > size && last ? { items, next: { rating: last.rating, createdAt: last.createdAt, id: last.id } } : { items };
    },
    histogram(environment, businessId) {
      return histogramOf(counts.all(environment, businessId));
    },
  };
}

