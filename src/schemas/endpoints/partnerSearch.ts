// GET /api/v1/partners/search (spec 4.2; issue 3). At least one of q, category, location.
import type { SchemaObject } from 'ajv';
import { limitSchema } from '../parts/paging';
import { text } from '../parts/text';
import { listingOffsetSchema } from './directory';

export const partnerSearchQuerySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  anyOf: [{ required: ['q'] }, { required: ['category'] }, { required: ['location'] }],
  properties: {
    q: text(500),
    category: text(100),
    location: {
      ...text(200),
      description:
        'Free text: a city with or without its state ("Austin, TX", "Austin TX"; the city compared as typed), a US state ("Texas"), a ZIP code ' +
        '("78701", or after the city: "Austin, TX 78701"), or "lat,lon" or "lat,lon,radiusKm" (a plain number of km).',
    },
    limit: limitSchema(100, 20),
    offset: listingOffsetSchema,
  },
};

export interface PartnerSearchQuery {
  q?: string;
  category?: string;
  location?: string;
  limit: number;
  offset: number;
}
