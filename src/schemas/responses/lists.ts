// Cursor-paginated list responses (spec 2.6): the caller's own profiles and the admin verification queue.
import type { SchemaObject } from 'ajv';
import Type from 'typebox';
import { timestampSchema } from './common';

export const cursorPaginationSchema = Type.Object({
  limit: Type.Integer(),
  hasMore: Type.Boolean(),
  nextCursor: Type.Optional(Type.String({ description: 'Send as `cursor` for the next page; present only when hasMore.' })),
  total: Type.Integer({ description: 'Items in the whole list, all pages.' }),
});

export const profileListItemSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'name', 'status', 'createdAt', 'updatedAt', 'completionPercentage'],
  properties: {
    id: { type: 'string', description: 'biz_<id>' },
    name: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'published'] },
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    completionPercentage: { type: 'number', description: 'As in GET /business/profile/status.' },
  },
};

export const profileListSchema: SchemaObject = {
  type: 'object',
  required: ['profiles', 'pagination'],
  properties: {
    profiles: { type: 'array', items: profileListItemSchema, description: 'Oldest first.' },
    pagination: cursorPaginationSchema,
  },
};
