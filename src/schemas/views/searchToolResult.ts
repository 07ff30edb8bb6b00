// The answer of the MCP tool search_businesses: the consumer search's result in the
// shape written for a model (summary, whyMatched, rating), projected from the same answer REST
// gives (operations/search.ts).
import type { SchemaObject } from 'ajv';
import { searchFreshnessProperties } from '../responses/search';
import { summaryDisclosureSchema } from '../responses/summaryReports';

const address: SchemaObject = {
  type: 'object',
  properties: { street: { type: 'string' }, city: { type: 'string' }, state: { type: 'string' }, postalCode: { type: 'string' }, country: { type: 'string' } },
};

export const searchToolBusinessSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'name', 'category', 'tagline', 'address', 'phone', 'website', 'verified', 'rating', 'reviewCount', 'whyMatched', 'matchesQuery'],
  properties: {
    id: { type: 'string', description: 'Business id for get_business and check_open' },
    name: { type: 'string' },
    category: { type: 'string' },
    tagline: { type: 'string' },
    address,
    phone: { type: 'string' },
    website: { type: 'string' },
    verified: { type: 'boolean' },
    rating: { type: 'number', description: 'Average review rating, 1-5; 0 while reviewCount is 0 (no reviews yet, not a zero rating)' },
    reviewCount: { type: 'integer' },
    distanceKm: { type: 'number', description: 'Only when a location was sent' },
    whyMatched: { type: 'array', items: { type: 'string' }, description: 'Plain reasons this business matched the query' },
    matchesQuery: { type: 'boolean', description: 'false when it is not what the query asked for, only shown instead (see the summary)' },
    ...searchFreshnessProperties,
  },
};

export const searchToolResultSchema: SchemaObject = {
  type: 'object',
  required: ['query', 'summary', 'summaryDisclosure', 'total', 'totalIsEstimate', 'sessionId', 'hasMore', 'businesses'],
  properties: {
    query: { type: 'string' },
    correctedQuery: { type: 'string', description: 'The sentence actually searched when the one sent had typos' },
    summary: { type: 'string', description: 'A short grounded answer naming the best matches; safe to quote, with summaryDisclosure.text beside it' },
    summaryDisclosure: summaryDisclosureSchema,
    total: { type: 'integer', description: 'Businesses found: exact, or a lower bound when totalIsEstimate' },
    totalIsEstimate: { type: 'boolean', description: 'True when total is a lower bound: beyond 10 000 matches the count stops being exact' },
    sessionId: { type: 'string', description: 'Pass back as sessionId on the next search of this conversation to personalise it' },
    hasMore: { type: 'boolean' },
    businesses: { type: 'array', items: searchToolBusinessSchema },
  },
};
