// Reviews of a business: write, edit, list with a histogram, the owner's reply and
// admin moderation. Every write that can change what counts recounts the profile's trust numbers
// (trustRefresh.ts). Every stored write hands its webhook event (review.submitted / review.updated,
// to the business's owner) to the repository, which stores it with the write or not at all.
import { isDeepStrictEqual } from 'node:util';
import { businessToday } from '../../domain/blackoutDates';
import { ForbiddenError, NotFoundError, PreconditionFailedError, ProfileNotFoundError, ValidationError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import type { Principal } from '../../domain/principal';
import { locationOf, type BusinessProfile } from '../../domain/profile';
import { averageOf, totalOf } from '../../domain/reviews/ratingSummary';
import type { Review, ReviewSort } from '../../domain/reviews/review';
import type { Logger } from '../../logger';
import type { Store } from '../../ports/store';
import type { Clock, ProfileAccess } from '../profileMutation';
import { businessNotPublished } from '../businessNotPublished';
import { reviewEvent } from '../webhooks/webhookEvents';
import { decodeReviewCursor, encodeReviewCursor } from './reviewCursor';
import { presentReview, type ReviewViewer } from './reviewPresenter';
import type { TrustRefresh } from './trustRefresh';
import type { Static } from 'typebox';
import type { createReviewBodySchema, updateReviewBodySchema } from '../../schemas/endpoints/reviews';

/** A review as its body writes it, and the changes an edit's body makes (null clears the visit date). */
export type NewReviewInput = Static<typeof createReviewBodySchema>;
export type ReviewChanges = Static<typeof updateReviewBodySchema>;

const MAX_EDIT_RETRIES = 5;

function reviewNotFound(id: string): NotFoundError {
  return new NotFoundError(`Review ${id} does not exist on this business`, 'REVIEW_NOT_FOUND');
}

export interface ReviewServiceDeps {
  store: Store;
  access: ProfileAccess;
  refreshTrust: TrustRefresh;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
}

export function createReviewService({ store, access, refreshTrust, clock, logger }: ReviewServiceDeps) {
  /** A business someone may review: exists, live listing, published, not the caller's own. */
  async function reviewable(principal: Principal, businessId: string): Promise<BusinessProfile> {
    const profile = await store.profiles.get(principal.environment, businessId);
    if (!profile || profile.ownerSuspended) throw new ProfileNotFoundError(businessId);
    if (profile.ownerId === principal.accountId) throw new ForbiddenError('The owner of a business cannot review it');
    if (profile.status !== 'published') throw businessNotPublished(businessId);
    return profile;
  }

  function assertVisitDate(profile: BusinessProfile, visitDate: string | null | undefined, now: Date): void {
    if (!visitDate) return;
    const today = businessToday(locationOf(profile).coordinates, now);
    if (visitDate > today) throw new ValidationError('visitDate', `must not be in the future (today is ${today} in the business's time zone)`);
  }

  function viewerOf(principal: Principal, profile: BusinessProfile): ReviewViewer {
    return { accountId: principal.accountId, admin: principal.role === 'admin', owner: profile.ownerId === principal.accountId };
  }

  /** A failed recount must not turn a stored write into an error (the write happened). */
  async function recount(review: Review): Promise<void> {
    await refreshTrust(review.environment, review.businessId).catch((error: unknown) => {
      logger.warn({ err: error, businessId: review.businessId }, 'trust numbers not refreshed after a review write; the next one recounts');
    });
  }

  async function create(principal: Principal, businessId: string, input: NewReviewInput) {
    const profile = await reviewable(principal, businessId);
    const now = clock();
    assertVisitDate(profile, input.visitDate, now);
    const account = await store.accounts.findById(principal.accountId);
    const at = now.toISOString();
    const review: Review = {
      id: newId('rev'),
      environment: principal.environment,
      businessId,
      authorId: principal.accountId,
      authorName: account?.name ?? 'Customer',
      rating: input.rating,
      text: input.text ?? '',
      ...(input.visitDate !== undefined && { visitDate: input.visitDate }),
      hidden: false,
      moderation: [],
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    const stored = await store.reviews.create(review, [reviewEvent('review.submitted', profile, review, now)]);
    await recount(stored);
    return presentReview(stored, viewerOf(principal, profile));
  }

  /** The business as the caller may read it (published, or the caller's own, or an admin). */
  async function readableBusiness(principal: Principal, businessId: string): Promise<BusinessProfile> {
    return access.readable(principal, businessId);
  }

  async function list(principal: Principal, businessId: string, query: { sort: ReviewSort; limit: number; cursor?: string }) {
    const profile = await readableBusiness(principal, businessId);
    const [page, histogram] = await Promise.all([
      store.reviews.page(principal.environment, businessId, { sort: query.sort, after: decodeReviewCursor(query.cursor, query.sort), limit: query.limit }),
      store.reviews.histogram(principal.environment, businessId),
    ]);
    const viewer = viewerOf(principal, profile);
    const total = totalOf(histogram);
    return {
      businessId,
      averageRating: averageOf(histogram),
      totalReviews: total,
      histogram,
      sort: query.sort,
      reviews: page.items.map((review) => presentReview(review, viewer)),
      pagination: page.next
        ? { limit: query.limit, hasMore: true, nextCursor: encodeReviewCursor(page.next, query.sort), total }
        : { limit: query.limit, hasMore: false, total },
    };
  }

  /** A review the caller may see: hidden ones only to their author and admins; anything else is 404. */
  async function findVisible(principal: Principal, profile: BusinessProfile, reviewId: string): Promise<Review> {
    const review = await store.reviews.get(principal.environment, reviewId);
    if (!review || review.businessId !== profile.id) throw reviewNotFound(reviewId);
    if (review.hidden && review.authorId !== principal.accountId && principal.role !== 'admin') throw reviewNotFound(reviewId);
    return review;
  }

  async function read(principal: Principal, businessId: string, reviewId: string) {
    const profile = await readableBusiness(principal, businessId);
    return presentReview(await findVisible(principal, profile, reviewId), viewerOf(principal, profile));
  }

  /**
   * Loads, changes and compare-and-swaps a review with its review.updated event; a concurrent edit
   * is retried on the fresh copy. A change that changes nothing stores nothing and sends nothing.
   */
  async function change(
    principal: Principal,
    profile: BusinessProfile,
    reviewId: string,
    apply: (current: Review, now: Date) => Review,
  ): Promise<{ before: Review; after: Review }> {
    for (let attempt = 0; ; attempt++) {
      const current = await findVisible(principal, profile, reviewId);
      const now = clock();
      const applied = apply(current, now);
      // Nothing to store when the result equals what is there: no updatedAt, no review.updated.
      if (applied === current || isDeepStrictEqual(applied, current)) return { before: current, after: current };
      const next = { ...applied, version: current.version + 1, updatedAt: now.toISOString() };
      try {
        return { before: current, after: await store.reviews.replace(next, current.version, [reviewEvent('review.updated', profile, next, now)]) };
      } catch (error) {
        if (!(error instanceof PreconditionFailedError) || attempt >= MAX_EDIT_RETRIES) throw error;
      }
    }
  }

  async function edit(principal: Principal, businessId: string, reviewId: string, changes: ReviewChanges) {
    const profile = await readableBusiness(principal, businessId);
    assertVisitDate(profile, changes.visitDate, clock());
    const { before, after } = await change(principal, profile, reviewId, (current) => {
      if (current.authorId !== principal.accountId) throw new ForbiddenError('Only the author of a review may edit it');
      const next: Review = { ...current };
      if (changes.rating !== undefined) next.rating = changes.rating;
      if (changes.text !== undefined) next.text = changes.text;
      if (changes.visitDate === null) delete next.visitDate;
      else if (changes.visitDate !== undefined) next.visitDate = changes.visitDate;
      return next;
    });
    if (before.rating !== after.rating && !after.hidden) await recount(after);
    return presentReview(after, viewerOf(principal, profile));
  }

  async function reply(principal: Principal, businessId: string, reviewId: string, text: string) {
    const profile = await access.owned(principal, businessId);
    const { after } = await change(principal, profile, reviewId, (current, now) => {
      // The same reply again changes nothing (its updatedAt stays).
      if (current.reply?.text === text) return current;
      const at = now.toISOString();
      // One reply per review: a second PUT edits it and keeps when it was first written.
      return { ...current, reply: { text, createdAt: current.reply?.createdAt ?? at, updatedAt: at } };
    });
    return presentReview(after, viewerOf(principal, profile));
  }

  async function moderate(principal: Principal, businessId: string, reviewId: string, decision: { hidden: boolean; reason: string }) {
    // Admins act on either environment's data only through their own credential's environment.
    const profile = await store.profiles.get(principal.environment, businessId, { includeDeleted: true });
    if (!profile) throw new ProfileNotFoundError(businessId);
    const { before, after } = await change(principal, profile, reviewId, (current, now) => {
      // Already in the asked state: nothing changes and nothing is added to the audit trail.
      if (current.hidden === decision.hidden) return current;
      return {
        ...current,
        hidden: decision.hidden,
        moderation: [...current.moderation, { action: decision.hidden ? 'hidden' : 'restored', reason: decision.reason, by: principal.accountId, at: now.toISOString() }],
      };
    });
    if (before.hidden !== after.hidden) await recount(after);
    return presentReview(after, { accountId: principal.accountId, admin: true, owner: false });
  }

  return { create, list, read, edit, reply, moderate };
}

export type ReviewService = ReturnType<typeof createReviewService>;
