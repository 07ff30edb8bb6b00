// POST /api/v1/consumer/search (spec 4.2, 8).
import Type, { type Static } from 'typebox';
import { latitudeSchema, longitudeSchema } from '../parts/coordinates';
import { defaulted } from '../parts/defaulted';
import { limitSchema, offsetSchema } from '../parts/paging';
import { text } from '../parts/text';

/**
 * A radius as a number and a unit: `50km`, `10mi`, `500m`, `2.5km`. Zero ("0km", "0.0mi") is
 * refused: a circle of no size finds nothing, and parseRadius reads it as no radius at all.
 */
export const radiusSchema = Type.String({
  maxLength: 16,
  pattern: '^(?!0*(\\.0*)?(km|mi|m)$)\\d{1,6}(\\.\\d{1,3})?(km|mi|m)$',
  default: '50km',
  'x-issue': 'must be a number above 0 followed by km, mi or m, such as 50km',
  description: 'Search radius: a number above 0 and a unit, km, mi or m. Default 50km.',
});

export const searchLocationSchema = Type.Object({ lat: latitudeSchema, lon: longitudeSchema, distance: defaulted(radiusSchema) }, { additionalProperties: false });

export const CONSUMER_SEARCH_MAX_OFFSET = 1000;

export const consumerSearchBodySchema = Type.Object(
  {
    // A sentence from an assistant may span lines.
    query: text(500, 1, 'multi'),
    category: Type.Optional(text(100)),
    location: Type.Optional(searchLocationSchema),
    limit: limitSchema(50, 10),
    offset: offsetSchema(CONSUMER_SEARCH_MAX_OFFSET),
  },
  { additionalProperties: false },
);

export type ConsumerSearchBody = Static<typeof consumerSearchBodySchema>;
