// Reviews of a business: written and read with the review scopes, answered by the
// owner, hidden or shown again by an admin.
import { ADMIN, scope } from '../core/operation';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { listReviewsQuerySchema } from '../schemas/endpoints/reviews';
import { operation } from './declare';

const tag = 'Reviews';
const readReviews = scope('read:reviews');
const writeReviews = scope('write:reviews');

export const createReview = operation({
  name: 'createReview',
  access: writeReviews,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId'], body: requestSchema('CreateReviewRequest') },
  output: responseSchema('Review'),
  errors: ['PROFILE_NOT_FOUND', 'BUSINESS_NOT_PUBLISHED', 'DUPLICATE_REVIEW'],
  http: { method: 'POST', path: '/business/profile/{businessId}/reviews', status: 201 },
  docs: {
    tag,
    summary: 'Review a business (scope write:reviews)',
    description:
      'One review per account per business: a second one is 409 DUPLICATE_REVIEW naming the first (details.reviewId); edit it with PATCH. ' +
      'The owner cannot review their own business (403). Only published businesses take reviews (409 BUSINESS_NOT_PUBLISHED). ' +
      'A review written with a sandbox key lives in the sandbox only. The business\'s trust.averageRating and trust.totalReviews ' +
      '(and so search filters and ranking) count every visible review.',
    successDescription: 'The stored review.',
    successHeaders: { Location: 'Location' },
  },
  run: async ({ reviews }, { principal, input }) => {
    const review = await reviews.create(principal, input.path.businessId, input.body);
    return { data: review, headers: { Location: `/v1/business/profile/${review.businessId}/reviews/${review.id}` } };
  },
});

export const listReviews = operation({
  name: 'listReviews',
  access: readReviews,
  rateLimit: 'general',
  input: { path: ['businessId'], query: listReviewsQuerySchema },
  output: responseSchema('ReviewList'),
  errors: ['PROFILE_NOT_FOUND'],
  http: { method: 'GET', path: '/business/profile/{businessId}/reviews' },
  docs: {
    tag,
    summary: 'Visible reviews of a business with its rating histogram (scope read:reviews)',
    description:
      'Readable wherever the profile is (published, or your own). Cursor paging: pass pagination.nextCursor as cursor with the same sort. ' +
      'Hidden reviews are neither listed nor counted.',
    successDescription: 'A page of reviews with the summary numbers.',
  },
  run: async ({ reviews }, { principal, input }) => ({ data: await reviews.list(principal, input.path.businessId, input.query) }),
});

export const getReview = operation({
  name: 'getReview',
  access: readReviews,
  rateLimit: 'general',
  input: { path: ['businessId', 'reviewId'] },
  output: responseSchema('Review'),
  errors: ['REVIEW_NOT_FOUND'],
  http: { method: 'GET', path: '/business/profile/{businessId}/reviews/{reviewId}' },
  docs: {
    tag,
    summary: 'One review (scope read:reviews)',
    description: 'A hidden review is REVIEW_NOT_FOUND to everyone but its author and admins.',
    successDescription: 'The review.',
  },
  run: async ({ reviews }, { principal, input }) => ({ data: await reviews.read(principal, input.path.businessId, input.path.reviewId) }),
});

export const updateReview = operation({
  name: 'updateReview',
  access: writeReviews,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId', 'reviewId'], body: requestSchema('UpdateReviewRequest') },
  output: responseSchema('Review'),
  errors: ['REVIEW_NOT_FOUND'],
  http: { method: 'PATCH', path: '/business/profile/{businessId}/reviews/{reviewId}' },
  docs: {
    tag,
    summary: 'Edit your own review (scope write:reviews)',
    description: 'Fields left out are kept; visitDate null removes it. Only the author may edit (403 otherwise).',
    successDescription: 'The review after the change.',
  },
  run: async ({ reviews }, { principal, input }) => ({ data: await reviews.edit(principal, input.path.businessId, input.path.reviewId, input.body) }),
});

export const replyToReview = operation({
  name: 'replyToReview',
  access: writeReviews,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId', 'reviewId'], body: requestSchema('ReviewReplyRequest') },
  output: responseSchema('Review'),
  errors: ['REVIEW_NOT_FOUND'],
  http: { method: 'PUT', path: '/business/profile/{businessId}/reviews/{reviewId}/reply' },
  docs: {
    tag,
    summary: 'The business owner\'s public reply (scope write:reviews)',
    description: 'One reply per review: the first PUT writes it, later ones replace its text (reply.createdAt stays). Business owner only (403).',
    successDescription: 'The review with its reply.',
  },
  // The owner's one public answer: PUT creates it or replaces its text.
  run: async ({ reviews }, { principal, input }) => ({ data: await reviews.reply(principal, input.path.businessId, input.path.reviewId, input.body.text) }),
});

export const moderateReview = operation({
  name: 'moderateReview',
  access: ADMIN,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId', 'reviewId'], body: requestSchema('ReviewModerationRequest') },
  output: responseSchema('Review'),
  errors: ['REVIEW_NOT_FOUND'],
  http: { method: 'PUT', path: '/business/profile/{businessId}/reviews/{reviewId}/moderation' },
  docs: {
    tag,
    summary: 'Hide a review, or show it again, with a reason',
    description:
      'A hidden review stops counting towards trust.averageRating and trust.totalReviews at once. Each change is appended to the ' +
      'review\'s moderation trail (action, reason, admin, time); asking for the state it is already in changes nothing.',
    successDescription: 'The review with its moderation trail.',
  },
  run: async ({ reviews }, { principal, input }) => ({ data: await reviews.moderate(principal, input.path.businessId, input.path.reviewId, input.body) }),
});

export const REVIEW_OPERATIONS = [createReview, listReviews, getReview, updateReview, replyToReview, moderateReview];
