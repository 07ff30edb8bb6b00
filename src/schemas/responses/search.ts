// Search responses (spec 2.5, 4.2; issue 3).
import type { SchemaObject } from 'ajv';
import { summaryDisclosureSchema } from './summaryReports';
import { EXACT_TOTAL_BOUND } from '../../domain/search/exactTotalBound';
import { DIRECTORY_LEVELS } from '../endpoints/directory';
import { offsetPaginationSchema } from './common';

const exactUpTo = EXACT_TOTAL_BOUND.toLocaleString('en-US');

/** `total` and `totalIsEstimate` of a search answer: counted exactly up to a bound, like web search engines. */
const searchTotal: SchemaObject = {
  type: 'integer',
  minimum: 0,
  description:
    `Businesses matching the search. Exact up to ${exactUpTo} matches; beyond that the index may stop counting and ` +
    `\`total\` is then a lower bound (at least ${exactUpTo}) with \`totalIsEstimate: true\`. Pages are served up to the ` +
    `${exactUpTo}th result either way.`,
};
const searchTotalIsEstimate: SchemaObject = {
  type: 'boolean',
  description:
    `true when \`total\` is a lower bound rather than an exact count (more than ${exactUpTo} matches on an engine ` +
    'that bounds its counting, such as Elasticsearch); false when it is exact. Show it as "10,000+" rather than as a count.',
};

const addressShape: SchemaObject = {
  type: 'object',
  properties: { street: { type: 'string' }, city: { type: 'string' }, state: { type: 'string' }, postalCode: { type: 'string' }, country: { type: 'string' } },
};
const coordinatesShape: SchemaObject = { type: 'object', properties: { lat: { type: 'number' }, lon: { type: 'number' } } };

const businessCommon: Record<string, SchemaObject> = {
  id: { type: 'string' },
  name: { type: 'string' },
  category: { type: 'string' },
  description: { type: 'string' },
  tagline: { type: 'string' },
  address: addressShape,
  coordinates: coordinatesShape,
  phone: { type: 'string' },
  website: { type: 'string' },
  verified: { type: 'boolean' },
  averageRating: {
    type: 'number',
    minimum: 0,
    maximum: 5,
    description: 'Mean of the visible reviews, 1-5 to one decimal. 0 while reviewCount is 0: no rating yet, not a zero rating (say "no reviews yet").',
  },
  reviewCount: { type: 'integer', minimum: 0, description: 'Visible reviews; 0 means the business has none yet.' },
  trackedUrl: {
    type: 'string',
    format: 'uri',
    description:
      'Present when the business has a website: an absolute link (PUBLIC_URL, else this server\'s address) to GET /r/{token} that ' +
      'records a website visit for this answer\'s journey and platform, then redirects (302) to the website as stored on the profile. ' +
      'Send consumers here instead of `website` to measure click-through.',
  },
};

export const searchResultBusinessSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'name', 'matchesQuery'],
  properties: {
    ...businessCommon,
    distance: { type: 'number', description: 'Kilometres from the search location (absent without one).' },
    personalizationScore: { type: 'number', minimum: 0, maximum: 1, description: 'How much the session\'s history lifted this result, 0..1.' },
    matchesQuery: {
      type: 'boolean',
      description:
        'Whether this business is what the sentence asked for: its profile mentions one of the specific things asked for ' +
        '("ramen", "vegan", "oil change"), or, when the sentence only named a kind of place ("breakfast", "dentist"), it is listed ' +
        'under that kind or mentions the word; always true when the sentence named neither ("open now near me"). false: it was ' +
        'found only through the kind of place those things imply (a restaurant without ramen for "ramen") and is shown instead. ' +
        'Matches come first; when none of the businesses found matches, `response` says so in its first sentence.',
    },
  },
};

/** Directory and partner items: spec 2.5 without personalizationScore, plus two fields. */
export const listingBusinessSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    ...businessCommon,
    distance: { type: 'number', description: 'Kilometres from the point of a partner search\'s "lat,lon[,radiusKm]" location; absent otherwise.' },
    aiVisibilityScore: { type: 'number', minimum: 0, maximum: 100, description: 'From completeness, exclusive-content visibility, verification, reviews and freshness.' },
    verificationLevel: { type: 'string', enum: ['none', ...DIRECTORY_LEVELS] },
  },
};

export const consumerSearchResultSchema: SchemaObject = {
  type: 'object',
  required: ['query', 'response', 'summaryDisclosure', 'businesses', 'total', 'totalIsEstimate', 'sessionId', 'pagination'],
  properties: {
    query: { type: 'string' },
    correctedQuery: {
      type: 'string',
      description:
        'Present only when the sentence had typos that no business contains and was searched with them corrected ' +
        '("piza in chicgo" -> "pizza in chicago") and found something; the results and the summary are for this sentence.',
    },
    response: { type: 'string', description: 'Summary grounded in the returned businesses; show summaryDisclosure.text beside it.' },
    summaryDisclosure: summaryDisclosureSchema,
    businesses: { type: 'array', items: searchResultBusinessSchema },
    total: searchTotal,
    totalIsEstimate: searchTotalIsEstimate,
    sessionId: { type: 'string', description: 'The X-Session-ID sent, or a new one to send next time.' },
    pagination: offsetPaginationSchema,
  },
};

export const listingResultSchema: SchemaObject = {
  type: 'object',
  required: ['businesses', 'pagination'],
  properties: {
    correctedQuery: {
      type: 'string',
      description: 'Partner search only: the `q` searched when the one sent had typos no business contains ("piza" -> "pizza").',
    },
    businesses: { type: 'array', items: listingBusinessSchema },
    pagination: {
      ...offsetPaginationSchema,
      required: [...(offsetPaginationSchema.required as string[]), 'total', 'totalIsEstimate'],
      properties: { ...offsetPaginationSchema.properties, total: searchTotal, totalIsEstimate: searchTotalIsEstimate },
    },
  },
};
