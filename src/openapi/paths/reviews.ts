// Reviews of a business (issue 21).
import { listReviewsQuerySchema } from '../../schemas/endpoints/reviews';
import { ref } from '../components';
import { operation } from '../operation';

const tag = 'Reviews';

export function reviewPaths() {
  return {
    '/business/profile/{businessId}/reviews': {
      post: operation({
        access: 'credential',
        operationId: 'createReview',
        tag,
        summary: 'Review a business (scope write:reviews)',
        description:
          'One review per account per business: a second one is 409 DUPLICATE_REVIEW naming the first (details.reviewId); edit it with PATCH. ' +
          'The owner cannot review their own business (403). Only published businesses take reviews (409 BUSINESS_NOT_PUBLISHED). ' +
          'A review written with a sandbox key lives in the sandbox only. The business\'s trust.averageRating and trust.totalReviews ' +
          '(and so search filters and ranking) count every visible review.',
        parameters: ['BusinessId'],
        body: 'CreateReviewRequest',
        success: { status: 201, description: 'The stored review.', data: 'Review', headers: { Location: ref('headers', 'Location') } },
        errors: [404, 409],
      }),
      get: operation({
        access: 'credential',
        operationId: 'listReviews',
        tag,
        summary: 'Visible reviews of a business with its rating histogram (scope read:reviews)',
        description:
          'Readable wherever the profile is (published, or your own). Cursor paging: pass pagination.nextCursor as cursor with the same sort. ' +
          'Hidden reviews are neither listed nor counted.',
        parameters: ['BusinessId'],
        query: listReviewsQuerySchema,
        success: { status: 200, description: 'A page of reviews with the summary numbers.', data: 'ReviewList' },
        errors: [404],
      }),
    },
    '/business/profile/{businessId}/reviews/{reviewId}': {
      get: operation({
        access: 'credential',
        operationId: 'getReview',
        tag,
        summary: 'One review (scope read:reviews)',
        description: 'A hidden review is REVIEW_NOT_FOUND to everyone but its author and admins.',
        parameters: ['BusinessId', 'ReviewId'],
        success: { status: 200, description: 'The review.', data: 'Review' },
        errors: [404],
      }),
      patch: operation({
        access: 'credential',
        operationId: 'updateReview',
        tag,
        summary: 'Edit your own review (scope write:reviews)',
        description: 'Fields left out are kept; visitDate null removes it. Only the author may edit (403 otherwise).',
        parameters: ['BusinessId', 'ReviewId'],
        body: 'UpdateReviewRequest',
        success: { status: 200, description: 'The review after the change.', data: 'Review' },
        errors: [404],
      }),
    },
    '/business/profile/{businessId}/reviews/{reviewId}/reply': {
      put: operation({
        access: 'credential',
        operationId: 'replyToReview',
        tag,
        summary: 'The business owner\'s public reply (scope write:reviews)',
        description: 'One reply per review: the first PUT writes it, later ones replace its text (reply.createdAt stays). Business owner only (403).',
        parameters: ['BusinessId', 'ReviewId'],
        body: 'ReviewReplyRequest',
        success: { status: 200, description: 'The review with its reply.', data: 'Review' },
        errors: [404],
      }),
    },
    '/business/profile/{businessId}/reviews/{reviewId}/moderation': {
      put: operation({
        access: 'admin',
        operationId: 'moderateReview',
        tag,
        summary: 'Hide a review, or show it again, with a reason',
        description:
          'A hidden review stops counting towards trust.averageRating and trust.totalReviews at once. Each change is appended to the ' +
          'review\'s moderation trail (action, reason, admin, time); asking for the state it is already in changes nothing.',
        parameters: ['BusinessId', 'ReviewId'],
        body: 'ReviewModerationRequest',
        success: { status: 200, description: 'The review with its moderation trail.', data: 'Review' },
        errors: [404],
      }),
    },
  };
}
