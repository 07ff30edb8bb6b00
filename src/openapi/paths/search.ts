// Search (spec 2.5, 4.2, 8; issue 3). Paths keep the spec's repeated /api/v1 after /v1.
import { directoryQuerySchema } from '../../schemas/endpoints/directory';
import { partnerSearchQuerySchema } from '../../schemas/endpoints/partnerSearch';
import { AI_VISIBILITY_FORMULA } from '../../domain/aiVisibilityScore';
import { RANKING_FORMULA } from '../../domain/search/ranking';
import { CANDIDATE_POOL } from '../../services/search/searchPlan';
import { operation } from '../operation';
import { RECORDING_DESCRIPTION } from './analyticsEvents';

const tag = 'Search';

export function searchPaths() {
  return {
    '/api/v1/consumer/search': {
      post: operation({
        operationId: 'consumerSearch',
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
          '("No business near Austin offers \"ramen\".") and the businesses shown are the others the search found (restaurants, for a ' +
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
        access: 'credential',
        parameters: ['XSessionId', 'XAiPlatform'],
        body: 'ConsumerSearchRequest',
        success: {
          status: 200,
          description: 'Summary and businesses.',
          data: 'ConsumerSearchResult',
          headers: { 'X-Session-ID': { description: 'The session this search was recorded in (the same as data.sessionId).', schema: { type: 'string' } } },
        },
      }),
    },
    '/api/v1/directory': {
      get: operation({
        operationId: 'directory',
        tag,
        summary: 'Filterable listing of published businesses',
        description:
          'Items are the search result business of spec 2.5 without distance and personalizationScore, plus ' +
          `aiVisibilityScore (0-100) and verificationLevel. aiVisibilityScore: ${AI_VISIBILITY_FORMULA}`,
        access: 'credential',
        query: directoryQuerySchema,
        success: { status: 200, description: 'A page of businesses.', data: 'ListingResult' },
      }),
    },
    '/api/v1/partners/search': {
      get: operation({
        operationId: 'partnerSearch',
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
        access: 'credential',
        parameters: ['XSessionId', 'XAiPlatform'],
        query: partnerSearchQuerySchema,
        success: { status: 200, description: 'A page of businesses.', data: 'ListingResult' },
      }),
    },
  };
}
