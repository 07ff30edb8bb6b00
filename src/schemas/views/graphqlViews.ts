// The pages GraphQL answers for search, the directory and the caller's own businesses (issue 23):
// flat pagination and one business item type for both searches, projected from the same answers
// REST gives (operations/search.ts, operations/profiles.ts). `title` names the GraphQL types.
import type { SchemaObject } from 'ajv';
import { listingBusinessSchema, searchResultBusinessSchema } from '../responses/search';

const address: SchemaObject = {
  type: 'object',
  title: 'Address',
  properties: { street: { type: 'string' }, city: { type: 'string' }, state: { type: 'string' }, postalCode: { type: 'string' }, country: { type: 'string' } },
};

const total: SchemaObject = { type: 'integer', minimum: 0, description: 'Businesses found: exact up to 10 000 matches, beyond that a lower bound (see totalIsEstimate).' };
const totalIsEstimate: SchemaObject = { type: 'boolean', description: 'True when total is a lower bound: the index stopped counting at 10 000 matches.' };

export const graphqlBusinessItemSchema: SchemaObject = {
  type: 'object',
  title: 'BusinessItem',
  description: 'A business in a search answer or a directory page.',
  required: ['id', 'name', 'category', 'description', 'tagline', 'address', 'phone', 'website', 'verified', 'verificationLevel', 'averageRating', 'reviewCount', 'aiVisibilityScore'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    category: { type: 'string' },
    description: { type: 'string' },
    tagline: { type: 'string' },
    address,
    phone: { type: 'string' },
    website: { type: 'string' },
    verified: { type: 'boolean' },
    verificationLevel: { type: 'string' },
    averageRating: searchResultBusinessSchema.properties.averageRating,
    reviewCount: searchResultBusinessSchema.properties.reviewCount,
    aiVisibilityScore: listingBusinessSchema.properties.aiVisibilityScore,
    distanceKm: { type: ['number', 'null'], description: 'Kilometres from the location sent; null without one.' },
    personalizationScore: { type: 'number', description: 'Search only: how much this session\'s history lifted it (0-1).' },
    reasons: { type: 'array', items: { type: 'string' }, description: 'Search only: why it matched, in plain words.' },
    matchesQuery: { type: 'boolean', description: 'Search only: false when it is not what the query asked for, only shown instead (the summary says so first).' },
  },
};

export const graphqlSearchResultSchema: SchemaObject = {
  type: 'object',
  title: 'SearchResult',
  required: ['query', 'summary', 'total', 'totalIsEstimate', 'sessionId', 'offset', 'limit', 'hasMore', 'businesses'],
  properties: {
    query: { type: 'string' },
    correctedQuery: { type: ['string', 'null'] },
    summary: { type: 'string', description: 'Grounded summary of the answer.' },
    total,
    totalIsEstimate,
    sessionId: { type: 'string' },
    offset: { type: 'integer' },
    limit: { type: 'integer' },
    hasMore: { type: 'boolean' },
    businesses: { type: 'array', items: graphqlBusinessItemSchema },
  },
};

export const graphqlDirectoryPageSchema: SchemaObject = {
  type: 'object',
  title: 'DirectoryPage',
  required: ['businesses', 'total', 'totalIsEstimate', 'limit', 'offset', 'hasMore'],
  properties: {
    correctedQuery: { type: ['string', 'null'] },
    businesses: { type: 'array', items: graphqlBusinessItemSchema },
    total,
    totalIsEstimate,
    limit: { type: 'integer' },
    offset: { type: 'integer' },
    hasMore: { type: 'boolean' },
  },
};

export const graphqlOwnedBusinessesSchema: SchemaObject = {
  type: 'object',
  title: 'MyBusinessesPage',
  required: ['businesses', 'total', 'limit', 'hasMore'],
  properties: {
    businesses: {
      type: 'array',
      items: {
        type: 'object',
        title: 'OwnedBusiness',
        required: ['id', 'name', 'status', 'completionPercentage', 'createdAt', 'updatedAt'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          status: { type: 'string' },
          completionPercentage: { type: 'integer' },
          createdAt: { type: 'string' },
          updatedAt: { type: 'string' },
        },
      },
    },
    total: { type: 'integer' },
    limit: { type: 'integer' },
    hasMore: { type: 'boolean' },
    nextCursor: { type: ['string', 'null'], description: 'Pass as cursor for the next page.' },
  },
};
