// Store contract, reviews: one per author and business, compare-and-swap edits, the visible-only
// list in three orders with keyset paging, and the visible-only histogram.
import { ConflictError, PreconditionFailedError } from '../../../src/domain/errors';
import type { Review, ReviewSort } from '../../../src/domain/reviews/review';
import type { Store } from '../../../src/ports/store';
import { at } from '../../fixtures/profiles';
import { aReview } from '../../fixtures/reviews';
import type { StoreSuite } from './storeSuite';

export function reviewsContract(suite: StoreSuite): void {
  describe('reviews', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('stores a review and reads it back by id and by author; other environments do not see it', async () => {
      const review = aReview({ visitDate: '2026-01-02', reply: { text: 'Thanks', createdAt: at(1), updatedAt: at(1) } });
      expect(await store.reviews.create(review)).toEqual(review);
      expect(await store.reviews.get('live', review.id)).toEqual(review);
      expect(await store.reviews.findByAuthor('live', 'biz_1', review.authorId)).toEqual(review);
      expect(await store.reviews.get('test', review.id)).toBeNull();
      expect(await store.reviews.get('live', 'rev_unknown')).toBeNull();
    });

    it('refuses a second review of one author for one business as DUPLICATE_REVIEW naming the first', async () => {
      const first = await store.reviews.create(aReview({ authorId: 'acct_a' }));
      const error = await store.reviews.create(aReview({ authorId: 'acct_a' })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ code: 'DUPLICATE_REVIEW', details: { reviewId: first.id } });
      // Another business, or the sandbox, is another review.
      await expect(store.reviews.create(aReview({ authorId: 'acct_a', businessId: 'biz_2' }))).resolves.toBeDefined();
      await expect(store.reviews.create(aReview({ authorId: 'acct_a', environment: 'test' }))).resolves.toBeDefined();
    });

    it('replaces a review only at the expected version', async () => {
      const review = await store.reviews.create(aReview());
      const next = { ...review, rating: 2, version: 2, updatedAt: at(5) };
      expect(await store.reviews.replace(next, 1)).toEqual(next);
      await expect(store.reviews.replace({ ...review, rating: 5, version: 2 }, 1)).rejects.toBeInstanceOf(PreconditionFailedError);
      expect(await store.reviews.get('live', review.id)).toEqual(next);
    });

    it('lists and counts visible reviews only, in each order, page after page', async () => {
      // created minute i; ratings chosen so each order differs
      const ratings = [3, 5, 1, 5, 3, 4];
      const stored: Review[] = [];
      for (const [i, rating] of ratings.entries()) stored.push(await store.reviews.create(aReview({ rating, createdAt: at(i), updatedAt: at(i), text: `m${i}` })));
      await store.reviews.create(aReview({ rating: 1, hidden: true, text: 'hidden', createdAt: at(10) }));
      await store.reviews.create(aReview({ rating: 2, businessId: 'biz_other', text: 'other' }));

      const walk = async (sort: ReviewSort) => {
        const texts: string[] = [];
        let after;
        for (let i = 0; i < 10; i++) {
          const page: Awaited<ReturnType<Store['reviews']['page']>> = await store.reviews.page('live', 'biz_1', { sort, after, limit: 4 });
          texts.push(...page.items.map((review) => review.text));
          if (!page.next) break;
          after = page.next;
        }
        return texts;
      };
      expect(await walk('newest')).toEqual(['m5', 'm4', 'm3', 'm2', 'm1', 'm0']);
      expect(await walk('highest')).toEqual(['m3', 'm1', 'm5', 'm4', 'm0', 'm2']);
      expect(await walk('lowest')).toEqual(['m2', 'm4', 'm0', 'm5', 'm3', 'm1']);
      expect(await store.reviews.histogram('live', 'biz_1')).toEqual({ '1': 1, '2': 0, '3': 2, '4': 1, '5': 2 });
      expect(await store.reviews.histogram('live', 'biz_none')).toEqual({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 });
    });
  });
}
