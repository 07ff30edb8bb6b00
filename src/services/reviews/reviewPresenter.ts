// The public shape of a review. Readers see the author's name, never the account id; the
// moderation trail (who hid it and why) is shown to admins only.
import type { Review } from '../../domain/reviews/review';

export interface ReviewViewer {
  accountId: string;
  admin: boolean;
  /** Owns the reviewed business. */
  owner: boolean;
}

export function presentReview(review: Review, viewer: ReviewViewer | { public: true }) {
  const mine = 'accountId' in viewer && viewer.accountId === review.authorId;
  const admin = 'admin' in viewer && viewer.admin;
  return {
    id: review.id,
    businessId: review.businessId,
    author: { name: review.authorName },
    rating: review.rating,
    text: review.text,
    ...(review.visitDate !== undefined && { visitDate: review.visitDate }),
    reply: review.reply ?? null,
    status: review.hidden ? ('hidden' as const) : ('visible' as const),
    /** Written by the caller: they may PATCH it. */
    ...('accountId' in viewer && { ownReview: mine }),
    ...(admin && { moderation: review.moderation }),
    createdAt: review.createdAt,
    updatedAt: review.updatedAt,
  };
}
