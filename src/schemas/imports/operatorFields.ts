// What an operator's own import file may set beside the create body's fields (the `profiles`
// schema of `npm run import`): the parts the API keeps to the service itself (trust is earned
// through reviews and verification, media through uploads), which an operator moving listings from
// another system brings along. Composed from the same parts as the profile's own schemas.
import type { SchemaObject } from 'ajv';
import { VERIFICATION_LEVELS } from '../../domain/profile';
import { dateListSchema } from '../parts/dates';
import { EXCLUSIVE_CONTENT_FIELDS, exclusiveTextSchema } from '../parts/exclusiveContent';
import { httpsUrlSchema } from '../parts/httpsUrl';
import { PROFILE_STATUSES } from '../endpoints/profile';

/** Photos and videos a listing carries at most (the gallery an upload flow fills). */
const MAX_MEDIA_ITEMS = 50;

export const importOperatorFieldsSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...PROFILE_STATUSES] },
    trust: {
      type: 'object',
      additionalProperties: false,
      properties: {
        verificationLevel: { type: 'string', enum: [...VERIFICATION_LEVELS] },
        averageRating: { type: 'number', minimum: 0, maximum: 5 },
        totalReviews: { type: 'integer', minimum: 0 },
      },
    },
    exclusiveContent: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(EXCLUSIVE_CONTENT_FIELDS.map((field) => [field, exclusiveTextSchema])),
    },
    media: {
      type: 'object',
      additionalProperties: false,
      properties: {
        logo: httpsUrlSchema,
        photos: { type: 'array', maxItems: MAX_MEDIA_ITEMS, items: httpsUrlSchema },
        videos: { type: 'array', maxItems: MAX_MEDIA_ITEMS, items: httpsUrlSchema },
      },
    },
    blackoutDates: dateListSchema,
  },
};
