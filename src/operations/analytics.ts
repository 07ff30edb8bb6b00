// The four analytics questions (spec 4.4, 5.6, 8). Each answers its result object
// itself, without the envelope (spec 2.1); errors keep the envelope like everywhere else. Every
// one: credential, the analytics rate-limit area, scope read:analytics, then the query, then the
// service's business check.
import { scope } from '../core/operation';
import { attributionQuerySchema, benchmarksQuerySchema, intentJourneysQuerySchema, upstreamMetricsQuerySchema } from '../schemas/endpoints/analytics';
import { attributionResponse, benchmarksResponse, intentJourneysResponse, upstreamMetricsResponse } from '../schemas/responses/analytics';
import { operation } from './declare';

const tag = 'Analytics';

const COMMON =
  "Scope read:analytics; the analytics rate-limit area (free 100/day, professional 1 000/day). Only the business's owner or an admin may read it: " +
  'another account gets 403 FORBIDDEN, an unknown business 404 PROFILE_NOT_FOUND. A sandbox key reads sandbox businesses and sandbox events only. ' +
  "Days are the business's own local days (its time zone from its coordinates; UTC without them); startDate and endDate are inclusive, at most 366 days apart. " +
  'The answer is the bare result object, without the success/data/meta envelope (spec 2.1); errors keep the envelope. ' +
  'Events are those the service recorded from its own answers (impression, citation, comparison), website visits through tracked links, and events reported to POST /analytics/events. ' +
  'Raw events are kept ANALYTICS_RAW_RETENTION_DAYS (default 400); daily counts for good: journeys, attribution and conversion rates only cover days whose raw events are kept.';

/** What the four questions share: access, limits, the bare answer, the GraphQL field; the path, name and docs are each one's. */
function asked(name: string, path: string, docs: { summary: string; description: string; successDescription: string }) {
  return {
    name,
    access: scope('read:analytics'),
    rateLimit: 'analytics' as const,
    http: { method: 'GET' as const, path: `/analytics/${path}`, envelope: false },
    docs: { tag, ...docs },
    graphql: { field: name, on: 'Query' as const, description: `As GET /analytics/${path}. Scope read:analytics; your own business (admins: any).`, cost: 10 },
  };
}

/** The numbers are one business's own, so shared caches must not keep them. */
const privately = <Data>(data: Data) => ({ data, headers: { 'Cache-Control': 'private, no-cache' } });

export const upstreamMetrics = operation({
  ...asked('upstreamMetrics', 'upstream-metrics', {
    summary: 'How often AI answers showed, cited and compared the business',
    description: `${COMMON} Counts come from daily rollups, so a full year answers as fast as a day.`,
    successDescription: 'Totals, platforms and the time series.',
  }),
  input: { query: upstreamMetricsQuerySchema },
  // The bare result's schema, documented inline (no component) as it always was.
  output: { name: 'UpstreamMetrics', schema: upstreamMetricsResponse },
  errors: ['PROFILE_NOT_FOUND'],
  run: async ({ analytics }, { principal, input }) => privately(await analytics.upstreamMetrics(principal, input.query)),
});

export const intentJourneys = operation({
  ...asked('intentJourneys', 'intent-journeys', {
    summary: "How far consumers' journeys with the business went",
    description: COMMON,
    successDescription: 'Journeys by stage, rates, means and top queries.',
  }),
  input: { query: intentJourneysQuerySchema },
  output: { name: 'IntentJourneys', schema: intentJourneysResponse },
  errors: ['PROFILE_NOT_FOUND'],
  run: async ({ analytics }, { principal, input }) => privately(await analytics.intentJourneys(principal, input.query)),
});

export const attribution = operation({
  ...asked('attribution', 'attribution', {
    summary: "Which touchpoints the business's conversions are credited to",
    description: COMMON,
    successDescription: 'Conversions and their credit per (type, platform).',
  }),
  input: { query: attributionQuerySchema },
  output: { name: 'Attribution', schema: attributionResponse },
  errors: ['PROFILE_NOT_FOUND'],
  run: async ({ analytics }, { principal, input }) => privately(await analytics.attribution(principal, input.query)),
});

export const benchmarks = operation({
  ...asked('benchmarks', 'benchmarks', {
    summary: 'The business against the published businesses of its category',
    description: `${COMMON} Peers are found like directory listings (published, same environment).`,
    successDescription: 'Your numbers and the peers\' percentiles.',
  }),
  input: { query: benchmarksQuerySchema },
  output: { name: 'Benchmarks', schema: benchmarksResponse },
  errors: ['PROFILE_NOT_FOUND'],
  run: async ({ analytics }, { principal, input }) => privately(await analytics.benchmarks(principal, input.query)),
});

export const ANALYTICS_OPERATIONS = [upstreamMetrics, intentJourneys, attribution, benchmarks];
