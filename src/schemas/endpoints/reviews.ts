// Reviews of a business: write, edit, list, the owner's reply, admin moderation.
import Type from 'typebox';
import { MAX_RATING, MIN_RATING, MODERATION_REASON_MAX, REPLY_TEXT_MAX, REVIEW_SORTS, REVIEW_TEXT_MAX } from '../../domain/reviews/review';
import { cursorSchema } from '../parts/cursorPaging';
import { calendarDateSchema } from '../parts/dates';
import { defaulted } from '../parts/defaulted';
import { nullable } from '../parts/nullable';
import { limitSchema } from '../parts/paging';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';

const ratingSchema = Type.Integer({ minimum: MIN_RATING, maximum: MAX_RATING, description: 'Whole stars, 1-5.' });
const reviewTextSchema = { ...text(REVIEW_TEXT_MAX, 0, 'multi'), description: `Up to ${REVIEW_TEXT_MAX} characters, any language; may be empty (a rating only).` };
const visitDateSchema = { ...calendarDateSchema, description: 'Day of the visit (YYYY-MM-DD), not after today in the business\'s time zone.' };

export const createReviewBodySchema = Type.Object(
  { rating: ratingSchema, text: Type.Optional(reviewTextSchema), visitDate: Type.Optional(visitDateSchema) },
  { additionalProperties: false },
);

export const updateReviewBodySchema = Type.Object(
  { rating: Type.Optional(ratingSchema), text: Type.Optional(reviewTextSchema), visitDate: Type.Optional(nullable(visitDateSchema)) },
  { additionalProperties: false, minProperties: 1 },
);

export const listReviewsQuerySchema = Type.Object(
  {
    sort: defaulted(stringEnum(REVIEW_SORTS, { default: 'newest', description: 'newest first, highest rating first, or lowest rating first (ties: newest first).' })),
    limit: limitSchema(50, 10),
    cursor: Type.Optional(cursorSchema),
  },
  { additionalProperties: false },
);

export const reviewReplyBodySchema = Type.Object(
  { text: { ...text(REPLY_TEXT_MAX, 1, 'multi'), description: `The business's public answer, 1-${REPLY_TEXT_MAX} characters.` } },
  { additionalProperties: false },
);

export const reviewModerationBodySchema = Type.Object(
  {
    hidden: Type.Boolean({ description: 'true hides the review (it stops counting), false shows it again.' }),
    reason: { ...text(MODERATION_REASON_MAX), description: 'Why; kept in the review\'s moderation trail for audit.' },
  },
  { additionalProperties: false },
);
