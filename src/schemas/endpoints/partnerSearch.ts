// GET /api/v1/partners/search (spec 4.2). At least one of q, category, location.
import Type from 'typebox';
import { limitSchema } from '../parts/paging';
import { text } from '../parts/text';
import { listingOffsetSchema } from './directory';

export const partnerSearchQuerySchema = Type.Object(
  {
    q: Type.Optional(text(500)),
    category: Type.Optional(text(100)),
    location: Type.Optional({
      ...text(200),
      description:
        'Free text: a city with or without its state ("Austin, TX", "Austin TX"; the city compared as typed), a US state ("Texas"), a ZIP code ' +
        '("78701", or after the city: "Austin, TX 78701"), or "lat,lon" or "lat,lon,radiusKm" (a plain number of km).',
    }),
    limit: limitSchema(100, 20),
    offset: listingOffsetSchema,
  },
  { additionalProperties: false, anyOf: [{ required: ['q'] }, { required: ['category'] }, { required: ['location'] }] },
);
