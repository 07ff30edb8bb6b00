// PATCH /business/profile/{businessId}/exclusive-content (spec 2.6, 4.3).
import type { SchemaObject } from 'ajv';
import { EXCLUSIVE_CONTENT_FIELDS, exclusiveTextSchema } from '../parts/exclusiveContent';
import { nullable } from '../parts/nullable';

const clearableText = nullable(exclusiveTextSchema);

export const updateExclusiveContentBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  description: 'Fields given replace the stored ones (null removes one); fields left out are kept.',
  properties: Object.fromEntries(EXCLUSIVE_CONTENT_FIELDS.map((field) => [field, clearableText])),
};

export type UpdateExclusiveContentBody = {
  [field in (typeof EXCLUSIVE_CONTENT_FIELDS)[number]]?: string | null;
};
