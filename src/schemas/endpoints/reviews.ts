// Reviews of a business (issue 21): write, edit, list, the owner's reply, admin moderation.
import type { SchemaObject } from 'ajv';
import { MAX_RATING, MIN_RATING, MODERATION_REASON_MAX, REPLY_TEXT_MAX, REVIEW_SORTS, REVIEW_TEXT_MAX } from '../../domain/reviews/review';
import { cursorSchema } from '../parts/cursorPaging';
import { calendarDateSchema } from '../parts/dates';
import { nullable } from '../parts/nullable';
import { limitSchema } from '../parts/paging';
import { text } from '../parts/text';

const ratingSchema: SchemaObject = { type: 'integer', minimum: MIN_RATING, maximum: MAX_RATING, description: 'Whole stars, 1-5.' };
const reviewTextSchema: SchemaObject = { ...text(REVIEW_TEXT_MAX, 0, 'multi'), description: `Up to ${REVIEW_TEXT_MAX} characters, any language; may be empty (a rating only).` };
const visitDateSchema: SchemaObject = { ...calendarDateSchema, description: 'Day of the visit (YYYY-MM-DD), not after today in the business\'s time zone.' };

export const createReviewBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['rating'],
  properties: { rating: ratingSchema, text: reviewTextSchema, visitDate: visitDateSchema },
};

export const updateReviewBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { rating: ratingSchema, text: reviewTextSchema, visitDate: nullable(visitDateSchema) },
};

export const listReviewsQuerySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    sort: { type: 'string', enum: [...REVIEW_SORTS], default: 'newest', description: 'newest first, highest rating first, or lowest rating first (ties: newest first).' },
    limit: limitSchema(50, 10),
    cursor: cursorSchema,
  },
};

export const reviewReplyBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: { text: { ...text(REPLY_TEXT_MAX, 1, 'multi'), description: `The business's public answer, 1-${REPLY_TEXT_MAX} characters.` } },
};

export const reviewModerationBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['hidden', 'reason'],
  properties: {
    hidden: { type: 'boolean', description: 'true hides the review (it stops counting), false shows it again.' },
    reason: { ...text(MODERATION_REASON_MAX), description: 'Why; kept in the review\'s moderation trail for audit.' },
  },
};
