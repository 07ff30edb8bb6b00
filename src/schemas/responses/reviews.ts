// Review responses.
import Type from 'typebox';
import { stringEnum } from '../parts/stringEnum';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

const starCount = Type.Integer({ minimum: 0 });

export const ratingHistogramSchema = Type.Object({ '1': starCount, '2': starCount, '3': starCount, '4': starCount, '5': starCount }, { description: 'Visible reviews per star.' });

export const reviewRecordSchema = Type.Object({
  id: Type.String({ description: 'rev_<id>' }),
  businessId: Type.String(),
  author: Type.Object({ name: Type.String({ description: 'The author\'s account name.' }) }),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  text: Type.String(),
  visitDate: Type.Optional(Type.String({ format: 'date' })),
  reply: Type.Unsafe<{ text: string; createdAt: string; updatedAt: string } | null>({
    type: ['object', 'null'],
    description: 'The business owner\'s public answer; null until there is one.',
    required: ['text', 'createdAt', 'updatedAt'],
    properties: { text: { type: 'string' }, createdAt: timestampSchema, updatedAt: timestampSchema },
  }),
  status: stringEnum(['visible', 'hidden'], { description: 'hidden: removed by an admin; shown only to its author and admins, not counted.' }),
  ownReview: Type.Optional(Type.Boolean({ description: 'The caller wrote it (and may PATCH it).' })),
  moderation: Type.Optional(
    Type.Array(Type.Object({ action: stringEnum(['hidden', 'restored']), reason: Type.String(), by: Type.String(), at: timestampSchema }), {
      description: 'Admins only: every hide and restore, oldest first.',
    }),
  ),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const reviewListSchema = Type.Object({
  businessId: Type.String(),
  averageRating: Type.Number({
    minimum: 0,
    maximum: 5,
    description: 'Mean of the visible reviews, 1-5 to one decimal. 0 while totalReviews is 0: no rating yet, not a zero rating (say "no reviews yet").',
  }),
  totalReviews: Type.Integer({ minimum: 0 }),
  histogram: ratingHistogramSchema,
  sort: stringEnum(['newest', 'highest', 'lowest']),
  reviews: Type.Array(reviewRecordSchema),
  pagination: cursorPaginationSchema,
});
