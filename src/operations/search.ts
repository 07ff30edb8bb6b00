// The three searches (spec 4.2, 2.5), under the repeated /api/v1 prefix the spec uses. Consumer
// search is also MCP's search_businesses and GraphQL's search, the directory GraphQL's directory.
// Consumer and partner answers are recorded for analytics as each operation's declared `records`
// effect, once the answer is given; the surface and platform it was given on are the call path's.
import type { OwnArguments } from '../core/declareOperation';
import { scope, type CallRequest } from '../core/operation';
import { AI_VISIBILITY_FORMULA } from '../domain/aiVisibilityScore';
import { acceptedLanguage } from '../domain/categories/searchLanguages';
import { RANKING_FORMULA, type RankedResult } from '../domain/search/ranking';
import { isSessionId } from '../domain/sessionId';
import { presentConsumerResult, presentListingPage } from '../presenters/searchResultPresenter';
import { trackedUrlAdder } from '../presenters/trackedUrl';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { consumerSearchBodySchema } from '../schemas/endpoints/consumerSearch';
import { coordinatesSchema } from '../schemas/parts/coordinates';
import { directoryQuerySchema } from '../schemas/endpoints/directory';
import { partnerSearchQuerySchema } from '../schemas/endpoints/partnerSearch';
import { graphqlDirectoryPageSchema, graphqlSearchResultSchema } from '../schemas/views/graphqlViews';
import { searchToolResultSchema } from '../schemas/views/searchToolResult';
import { CANDIDATE_POOL } from '../services/search/searchPlan';
import { operation } from './declare';
import { RECORDING_DESCRIPTION } from './recordingNote';

const tag = 'Search';
const readBusinesses = scope('read:businesses');

/** A partner's journey is the consumer session it relays, when it sends one; there is none otherwise. */
function relayedJourney(request: CallRequest): string | undefined {
  const sent = request.header('X-Session-ID');
  return isSessionId(sent) ? sent : undefined;
}

const body = consumerSearchBodySchema.properties;

/**
 * The arguments MCP and GraphQL take for a consumer search: the body's fields (their schemas, with
 * descriptions for a model), radius beside location, the session. Its own arguments, not a mapping:
 * radius is loose here so the body's check names location.distance, as REST does.
 */
const searchArguments: OwnArguments = {
  args: {
    type: 'object',
    additionalProperties: false,
    required: ['query'],
    properties: {
      query: { ...body.query, description: 'What the user is looking for, in their words' },
      location: { ...coordinatesSchema, title: 'LocationInput', description: 'Where to search around' },
      radius: { type: 'string', maxLength: 16, description: 'Search radius with unit, e.g. "5km", "10mi" (default 50km; needs location)' },
      category: { ...body.category, description: 'Restrict to one category (see list_categories)' },
      limit: { ...body.limit, description: 'How many businesses (default 10)' },
      offset: { ...body.offset, description: 'Skip this many for the next page' },
      sessionId: { type: 'string', maxLength: 128, description: 'sessionId from an earlier search in this conversation' },
    },
  },
  toInput: searchInput,
};

/** Absent arguments stay absent (GraphQL sends null for them), so the body schema's defaults apply. */
function defined(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== null));
}

function searchInput(args: Record<string, unknown>) {
  const { sessionId, radius, location, ...rest } = defined(args) as { sessionId?: string; radius?: string; location?: object } & Record<string, unknown>;
  const body = { ...rest, ...(location && { location: { ...location, ...(radius !== undefined && { distance: radius }) } }) };
  return { path: {}, query: {}, body, ...(sessionId !== undefined && { headers: { 'X-Session-ID': sessionId } }) };
}

export const consumerSearch = operation({
  name: 'consumerSearch',
  access: readBusinesses,
  rateLimit: 'search',
  attributesPlatform: true,
  input: { body: requestSchema('ConsumerSearchRequest') },
  output: responseSchema('ConsumerSearchResult'),
  errors: [],
  http: { method: 'POST', path: '/api/v1/consumer/search' },
  docs: {
    tag,
    summary: 'Natural-language search with a generated summary',
    description:
      'Ranked by text relevance, distance, rating, verification, completeness and personalisation. ' +
      '`distance` in results is in kilometres from location (lat, lon); the radius location.distance takes km, mi or m ' +
      '(default 50km). A place the sentence names wins over location, which apps send with every search: "dentist in ' +
      'Seattle" sent from Austin filters to Seattle (city, state or ZIP code), with `distance` still measured from ' +
      'location and no radius; "near downtown Denver" searches 25 km around that city\'s centre and measures from it. ' +
      'Send X-Session-ID to personalise; sessionId is always returned. ' +
      'Query understanding: rules by default (kinds of business from the category taxonomy (the OpenStreetMap tagging schema\'s presets with our additions: a kind named filters, a search term implies a kind), place: a city, state or ZIP code, open now/on a day/late in the ' +
      "business's own time zone, price, quality: best, 4+ stars, verified, \"more than 100 reviews\"). A word that no business contains and that is one or two typos from a word " +
      'query understanding knows (the taxonomy\'s names and terms, cities, states, time, price and quality words) is ' +
      'corrected before searching, and the sentence as typed is searched when the corrected one finds nothing: ' +
      '`correctedQuery` then says what was searched and `response` starts by saying so. With OPENAI_API_KEY an LLM extracts the same intent with a ' +
      'JSON-schema structured output, the rules answering on error or timeout. `response` is a deterministic ' +
      'summary of the returned businesses (the top picks with their reasons: text matched, rating, distance, open now, ' +
      'the hours on the day a time condition asked about such as "open today 6pm-2am", verification, price, and the category a pick is ' +
      'listed under when it is not the kind of place the sentence named: it states what profiles say, never what a business is not; ' +
      'when the sentence asked for nearby places ("near me") without a ' +
      'location, it says they are not sorted by distance; when nothing matched, it suggests loosening only the conditions ' +
      'the request had), or an LLM summary (2.5 s budget) of the results that match only, used only when it names one of them and no ' +
      'other, states no number that is not in their facts, holds no web or e-mail address and says nothing of what a business is not ' +
      'or does not offer (otherwise the template ' +
      'answers; one written while the model was slow or failing is not cached). ' +
      'What was asked for (see `matchesQuery` on each business): the businesses that match come first; when none of those found ' +
      'matches (a dish, service or product no business in reach offers), `response` says so in its first sentence ' +
      '("No business near Austin offers \\"ramen\\".") and the businesses shown are the others the search found (restaurants, for a ' +
      'dish), each with matchesQuery false; the model is not asked then. A meal, occasion, dish or service the sentence mentions ("breakfast", ' +
      '"nightlife", "pizza") widens and boosts the search, it does not filter: a bakery whose menu lists breakfast is found by "breakfast near me". ' +
      'A noun naming the kind of business ("dentist", "restaurant", "bakery") filters like `category`: "dentist near me" returns dentists only, ' +
      '"bakery or cafe" either kind. The request\'s `category`, when sent, wins over the sentence. A place or number the model reads that ' +
      'the sentence does not state is ignored. After a 429 the model is left alone for its Retry-After (at most 5 min), ' +
      `after five failures in a row for 30 s. Ranking reorders the ${CANDIDATE_POOL} best text matches (offset + limit of them when ` +
      `that is more), so every offset is reachable. Time conditions (open now, on a weekday, on weekends = Saturday or ` +
      'Sunday, today, tomorrow, ' +
      'tonight = still open at 20:00 or later at the time of asking, late, 24 hours = open all day (open equal to close, ' +
      'or 00:00-23:59), at 9pm, until 2am; a time before 05:00 is the ' +
      'night after the day) filter in ' +
      "the index, by each business's weekly hours in its own time zone and its blackout dates: `total` counts every " +
      `business that passes. Ranking: ${RANKING_FORMULA}. ` +
      RECORDING_DESCRIPTION,
    parameters: ['XSessionId', 'XAiPlatform'],
    successDescription: 'Summary and businesses.',
    successHeaders: { 'X-Session-ID': { description: 'The session this search was recorded in (the same as data.sessionId).', schema: { type: 'string' } } },
  },
  mcp: {
    tool: 'search_businesses',
    skill: 'find-businesses',
    title: 'Search local businesses',
    description:
      'Find local businesses for a natural-language request ("vegan brunch open on Sunday", "emergency plumber"). ' +
      'Send the user\'s request as query; add location (lat/lon) and radius when you know where the user is. ' +
      'Returns a grounded summary and the businesses ranked, each with its id (for get_business / check_open), rating, distance and why it matched.',
    args: searchArguments,
    view: {
      output: { name: 'SearchToolResult', schema: searchToolResultSchema },
      present: (data, ranked: RankedResult[]) => ({
        query: data.query,
        ...(data.correctedQuery !== undefined && { correctedQuery: data.correctedQuery }),
        summary: data.response,
        summaryDisclosure: data.summaryDisclosure,
        total: data.total,
        totalIsEstimate: data.totalIsEstimate,
        sessionId: data.sessionId,
        hasMore: data.pagination.hasMore,
        businesses: ranked.map((result) => {
          const item = presentConsumerResult(result);
          return {
            id: item.id,
            name: item.name,
            category: item.category,
            tagline: item.tagline,
            address: item.address,
            phone: item.phone,
            website: item.website,
            verified: item.verified,
            rating: item.averageRating,
            reviewCount: item.reviewCount,
            ...(item.distance !== undefined && { distanceKm: item.distance }),
            whyMatched: result.reasons,
            matchesQuery: item.matchesQuery,
            operatingStatus: item.operatingStatus,
            reopensOn: item.reopensOn,
            lastVerifiedAt: item.lastVerifiedAt,
          };
        }),
      }),
    },
  },
  graphql: {
    field: 'search',
    on: 'Query',
    description: 'Natural-language consumer search (as POST /api/v1/consumer/search). Scope read:businesses; search rate-limit area.',
    args: searchArguments,
    cost: 10,
    view: {
      output: { name: 'SearchResult', schema: graphqlSearchResultSchema },
      present: (data, ranked: RankedResult[]) => ({
        query: data.query,
        correctedQuery: data.correctedQuery ?? null,
        summary: data.response,
        summaryDisclosure: { ...data.summaryDisclosure, model: data.summaryDisclosure.model ?? null },
        total: data.total,
        totalIsEstimate: data.totalIsEstimate,
        sessionId: data.sessionId,
        ...data.pagination,
        businesses: ranked.map((result) => ({
          ...presentConsumerResult(result),
          verificationLevel: result.document.verificationLevel,
          aiVisibilityScore: result.document.aiVisibilityScore,
          distanceKm: result.distanceKm ?? null,
          reasons: result.reasons,
        })),
      }),
    },
  },
  run: async ({ consumerSearch: search, trackedLinks, disclosures }, { principal, input, request }) => {
    // The caller's language decides a tie between the languages a sentence could be read in.
    const language = acceptedLanguage(request.header('Accept-Language'));
    const result = await search(principal, { ...input.body, ...(language && { language }) }, request.header('X-Session-ID'));
    const journey = { environment: principal.environment, journeyId: result.sessionId, platform: await request.platform() };
    const withTrackedUrl = trackedUrlAdder(trackedLinks, request.origin, journey);
    return {
      data: {
        query: result.query,
        ...(result.correctedQuery !== undefined && { correctedQuery: result.correctedQuery }),
        response: result.response,
        // What the summary is and where to report it.
        summaryDisclosure: disclosures.disclose({
          origin: request.origin,
          requestId: request.requestId,
          environment: principal.environment,
          summary: result.response,
          provenance: result.summary,
          businesses: result.results.map((ranked) => ranked.document),
        }),
        businesses: result.results.map((ranked) => withTrackedUrl(presentConsumerResult(ranked))),
        total: result.total,
        totalIsEstimate: result.totalIsEstimate,
        sessionId: result.sessionId,
        pagination: result.pagination,
      },
      headers: { 'X-Session-ID': result.sessionId },
      detail: result.results,
    };
  },
  // The answer as shown: the sentence searched (the corrected one when it was), the page's
  // businesses in their order, and the summary that may cite them.
  records: {
    answer: (data, ranked, { principal }) => ({
      principal,
      surface: 'consumer',
      journeyId: data.sessionId,
      query: data.correctedQuery ?? data.query,
      businesses: ranked.map((result) => result.document),
      summary: data.response,
    }),
  },
});

export const directory = operation({
  name: 'directory',
  access: readBusinesses,
  rateLimit: 'search',
  input: { query: directoryQuerySchema },
  output: responseSchema('ListingResult'),
  errors: [],
  http: { method: 'GET', path: '/api/v1/directory' },
  docs: {
    tag,
    summary: 'Filterable listing of published businesses',
    description:
      'Items are the search result business of spec 2.5 without distance and personalizationScore, plus ' +
      `aiVisibilityScore (0-100) and verificationLevel. aiVisibilityScore: ${AI_VISIBILITY_FORMULA}`,
    successDescription: 'A page of businesses.',
  },
  graphql: {
    field: 'directory',
    on: 'Query',
    description: 'Directory listing with filters and sorting (as GET /api/v1/directory). Scope read:businesses; search rate-limit area.',
    cost: 5,
    view: {
      output: { name: 'DirectoryPage', schema: graphqlDirectoryPageSchema },
      present: (page) => ({
        correctedQuery: page.correctedQuery ?? null,
        businesses: page.businesses.map((item) => ({ ...item, distanceKm: item.distance ?? null })),
        ...page.pagination,
      }),
    },
  },
  run: async ({ listings }, { principal, input }) => ({ data: presentListingPage(await listings.directory(principal, input.query), input.query) }),
});

export const partnerSearch = operation({
  name: 'partnerSearch',
  access: readBusinesses,
  rateLimit: 'search',
  attributesPlatform: true,
  input: { query: partnerSearchQuerySchema },
  output: responseSchema('ListingResult'),
  errors: [],
  http: { method: 'GET', path: '/api/v1/partners/search' },
  docs: {
    tag,
    summary: 'Search for partners with a partnership agreement',
    description:
      'At least one of q, category, location (400 VALIDATION_ERROR otherwise). location is free text ("Austin, TX"), ' +
      'a ZIP code ("78701", "Austin, TX 78701"), or "lat,lon" or "lat,lon,radiusKm". ' +
      'Accounts without a partnership agreement get 403 FORBIDDEN. ' +
      'A word of q that no business contains and that is a typo of a known word is corrected, as in consumer search ' +
      '("piza" -> "pizza"); `correctedQuery` then says what was searched. The directory filters exactly what it is given. ' +
      'Items as in the directory, plus `trackedUrl`. Order: with q, the best text match first (equal matches in id order); ' +
      'without q and with a location, the nearest first; otherwise by aiVisibilityScore. X-Session-ID here only names the consumer journey for analytics (no personalisation). ' +
      RECORDING_DESCRIPTION,
    parameters: ['XSessionId', 'XAiPlatform'],
    successDescription: 'A page of businesses.',
  },
  run: async ({ listings, trackedLinks }, { principal, input, request }) => {
    const query = input.query;
    const found = await listings.partner(principal, query);
    const journey = { environment: principal.environment, journeyId: relayedJourney(request), platform: await request.platform() };
    const page = presentListingPage(found, query);
    const withTrackedUrl = trackedUrlAdder(trackedLinks, request.origin, journey);
    for (const item of page.businesses) withTrackedUrl(item);
    // The documents found, as the answer names them (with their time zones) for analytics.
    return { data: page, detail: found.hits.map((hit) => hit.document) };
  },
  records: {
    answer: (page, businesses, { principal, input, request }) => ({
      principal,
      surface: 'partner',
      journeyId: relayedJourney(request),
      query: page.correctedQuery ?? input.query.q,
      businesses,
    }),
  },
});

export const SEARCH_OPERATIONS = [consumerSearch, directory, partnerSearch];
