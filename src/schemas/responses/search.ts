// Search responses (spec 2.5, 4.2).
import Type from 'typebox';
import { summaryDisclosureSchema } from './summaryReports';
import { EXACT_TOTAL_BOUND } from '../../domain/search/exactTotalBound';
import { DIRECTORY_LEVELS } from '../endpoints/directory';
import { nullable } from '../parts/nullable';
import { stringEnum } from '../parts/stringEnum';
import { offsetPaginationProperties } from './common';

const exactUpTo = EXACT_TOTAL_BOUND.toLocaleString('en-US');

/** `total` and `totalIsEstimate` of a search answer: counted exactly up to a bound, like web search engines. */
const searchTotal = Type.Integer({
  minimum: 0,
  description:
    `Businesses matching the search. Exact up to ${exactUpTo} matches; beyond that the index may stop counting and ` +
    `\`total\` is then a lower bound (at least ${exactUpTo}) with \`totalIsEstimate: true\`. Pages are served up to the ` +
    `${exactUpTo}th result either way.`,
});
const searchTotalIsEstimate = Type.Boolean({
  description:
    `true when \`total\` is a lower bound rather than an exact count (more than ${exactUpTo} matches on an engine ` +
    'that bounds its counting, such as Elasticsearch); false when it is exact. Show it as "10,000+" rather than as a count.',
});

const optionalString = Type.Optional(Type.String());
const addressShape = Type.Object({ street: optionalString, city: optionalString, state: optionalString, postalCode: optionalString, country: optionalString });
const coordinatesShape = Type.Object({ lat: Type.Optional(Type.Number()), lon: Type.Optional(Type.Number()) });

/** Freshness signals every search item carries (docs/visibility.md); permanently closed businesses are never found. */
export const searchFreshnessProperties = {
  operatingStatus: Type.Optional(
    stringEnum(['open', 'temporarily_closed'] as const, {
      description: '`temporarily_closed`: the owner says it is closed for now (the summary says so too); time filters such as "open now" leave it out.',
    }),
  ),
  reopensOn: Type.Optional(nullable(Type.String({ format: 'date', description: 'While temporarily closed: the day it expects to reopen, when known; else null.' }))),
  lastVerifiedAt: Type.Optional(
    nullable(Type.String({ format: 'date-time', description: 'When its information was last confirmed (by the owner or an approved verification); null when never.' })),
  ),
};

const businessCommon = {
  id: Type.String(),
  name: Type.String(),
  category: optionalString,
  description: optionalString,
  tagline: optionalString,
  address: Type.Optional(addressShape),
  // null for a business stored without coordinates.
  coordinates: Type.Optional(nullable(coordinatesShape)),
  phone: optionalString,
  website: optionalString,
  verified: Type.Optional(Type.Boolean()),
  averageRating: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 5,
      description: 'Mean of the visible reviews, 1-5 to one decimal. 0 while reviewCount is 0: no rating yet, not a zero rating (say "no reviews yet").',
    }),
  ),
  reviewCount: Type.Optional(Type.Integer({ minimum: 0, description: 'Visible reviews; 0 means the business has none yet.' })),
  ...searchFreshnessProperties,
  trackedUrl: Type.Optional(
    Type.String({
      format: 'uri',
      description:
        'Present when the business has a website: an absolute link (PUBLIC_URL, else this server\'s address) to GET /r/{token} that ' +
        'records a website visit for this answer\'s journey and platform, then redirects (302) to the website as stored on the profile. ' +
        'Send consumers here instead of `website` to measure click-through.',
    }),
  ),
};

export const searchResultBusinessSchema = Type.Object({
  ...businessCommon,
  distance: Type.Optional(Type.Number({ description: 'Kilometres from the search location (absent without one).' })),
  personalizationScore: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'How much the session\'s history lifted this result, 0..1.' })),
  matchesQuery: Type.Boolean({
    description:
      'Whether this business is what the sentence asked for: its profile mentions one of the specific things asked for ' +
      '("ramen", "vegan", "oil change"), or, when the sentence only named a kind of place ("breakfast", "dentist"), it is listed ' +
      'under that kind or mentions the word; always true when the sentence named neither ("open now near me"). false: it was ' +
      'found only through the kind of place those things imply (a restaurant without ramen for "ramen") and is shown instead. ' +
      'Matches come first; when none of the businesses found matches, `response` says so in its first sentence.',
  }),
});

/** Directory and partner items: spec 2.5 without personalizationScore, plus two fields. */
export const listingBusinessSchema = Type.Object({
  ...businessCommon,
  distance: Type.Optional(Type.Number({ description: 'Kilometres from the point of a partner search\'s "lat,lon[,radiusKm]" location; absent otherwise.' })),
  aiVisibilityScore: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'From completeness, exclusive-content visibility, verification, reviews and freshness.' })),
  verificationLevel: Type.Optional(stringEnum(['none', ...DIRECTORY_LEVELS])),
});

export const consumerSearchResultSchema = Type.Object({
  query: Type.String(),
  correctedQuery: Type.Optional(
    Type.String({
      description:
        'Present only when the sentence had typos that no business contains and was searched with them corrected ' +
        '("piza in chicgo" -> "pizza in chicago") and found something; the results and the summary are for this sentence.',
    }),
  ),
  response: Type.String({ description: 'Summary grounded in the returned businesses; show summaryDisclosure.text beside it.' }),
  summaryDisclosure: summaryDisclosureSchema,
  businesses: Type.Array(searchResultBusinessSchema),
  total: searchTotal,
  totalIsEstimate: searchTotalIsEstimate,
  sessionId: Type.String({ description: 'The X-Session-ID sent, or a new one to send next time.' }),
  pagination: Type.Object(offsetPaginationProperties),
});

const { offset, limit, hasMore } = offsetPaginationProperties;

export const listingResultSchema = Type.Object({
  correctedQuery: Type.Optional(
    Type.String({ description: 'Partner search only: the `q` searched when the one sent had typos no business contains ("piza" -> "pizza").' }),
  ),
  businesses: Type.Array(listingBusinessSchema),
  pagination: Type.Object({ offset, limit, hasMore, total: searchTotal, totalIsEstimate: searchTotalIsEstimate }),
});
