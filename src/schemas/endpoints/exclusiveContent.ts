// PATCH /business/profile/{businessId}/exclusive-content (spec 2.6, 4.3).
import Type from 'typebox';
import { EXCLUSIVE_CONTENT_FIELDS, exclusiveTextSchema } from '../parts/exclusiveContent';
import { nullable } from '../parts/nullable';

const clearableText = Type.Optional(nullable(exclusiveTextSchema));

export const updateExclusiveContentBodySchema = Type.Object(
  Object.fromEntries(EXCLUSIVE_CONTENT_FIELDS.map((field) => [field, clearableText])) as Record<(typeof EXCLUSIVE_CONTENT_FIELDS)[number], typeof clearableText>,
  { additionalProperties: false, minProperties: 1, description: 'Fields given replace the stored ones (null removes one); fields left out are kept.' },
);
