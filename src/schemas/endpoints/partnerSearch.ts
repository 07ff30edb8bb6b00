// GET /api/v1/partners/search (spec 4.2; issue 3). At least one of q, category, location.
import type { SchemaObject } from 'ajv';
import { limitSchema, offsetSchema } from '../parts/paging';
import { text } from '../parts/text';
import { LISTING_MAX_OFFSET } from './directory';

export const partnerSearchQuerySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  anyOf: [{ required: ['q'] }, { required: ['category'] }, { required: ['location'] }],
  properties: {
    q: text(500),
    category: text(100),
    location: {
      ...text(200),
      description: 'Free text ("Austin, TX"), a ZIP code ("78701", or after the city: "Austin, TX 78701"), or "lat,lon" or "lat,lon,radiusKm".',
    },
    limit: limitSchema(100, 20),
    offset: offsetSchema(LISTING_MAX_OFFSET),
  },
};

export interface PartnerSearchQuery {
  q?: string;
  category?: string;
  location?: string;
  limit: number;
  offset: number;
}
