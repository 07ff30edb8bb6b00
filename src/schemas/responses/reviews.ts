// Review responses (issue 21).
import type { SchemaObject } from 'ajv';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

const starCount: SchemaObject = { type: 'integer', minimum: 0 };

export const ratingHistogramSchema: SchemaObject = {
  type: 'object',
  required: ['1', '2', '3', '4', '5'],
  description: 'Visible reviews per star.',
  properties: { '1': starCount, '2': starCount, '3': starCount, '4': starCount, '5': starCount },
};

export const reviewRecordSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'businessId', 'author', 'rating', 'text', 'reply', 'status', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', description: 'rev_<id>' },
    businessId: { type: 'string' },
    author: { type: 'object', required: ['name'], properties: { name: { type: 'string', description: 'The author\'s account name.' } } },
    rating: { type: 'integer', minimum: 1, maximum: 5 },
    text: { type: 'string' },
    visitDate: { type: 'string', format: 'date' },
    reply: {
      type: ['object', 'null'],
      description: 'The business owner\'s public answer; null until there is one.',
      required: ['text', 'createdAt', 'updatedAt'],
      properties: { text: { type: 'string' }, createdAt: timestampSchema, updatedAt: timestampSchema },
    },
    status: { type: 'string', enum: ['visible', 'hidden'], description: 'hidden: removed by an admin; shown only to its author and admins, not counted.' },
    ownReview: { type: 'boolean', description: 'The caller wrote it (and may PATCH it).' },
    moderation: {
      type: 'array',
      description: 'Admins only: every hide and restore, oldest first.',
      items: {
        type: 'object',
        required: ['action', 'reason', 'by', 'at'],
        properties: { action: { type: 'string', enum: ['hidden', 'restored'] }, reason: { type: 'string' }, by: { type: 'string' }, at: timestampSchema },
      },
    },
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  },
};

export const reviewListSchema: SchemaObject = {
  type: 'object',
  required: ['businessId', 'averageRating', 'totalReviews', 'histogram', 'sort', 'reviews', 'pagination'],
  properties: {
    businessId: { type: 'string' },
    averageRating: { type: 'number', minimum: 0, maximum: 5, description: 'Mean of the visible reviews, 1-5 to one decimal. 0 while totalReviews is 0: no rating yet, not a zero rating (say "no reviews yet").' },
    totalReviews: { type: 'integer', minimum: 0 },
    histogram: ratingHistogramSchema,
    sort: { type: 'string', enum: ['newest', 'highest', 'lowest'] },
    reviews: { type: 'array', items: reviewRecordSchema },
    pagination: cursorPaginationSchema,
  },
};
