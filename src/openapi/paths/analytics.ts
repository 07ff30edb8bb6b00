// Analytics (spec 4.4, 5.6, 8; issue 18). Results come without the envelope; errors with it.
import {
  attributionQuerySchema,
  benchmarksQuerySchema,
  intentJourneysQuerySchema,
  upstreamMetricsQuerySchema,
} from '../../schemas/endpoints/analytics';
import { attributionResponse, benchmarksResponse, intentJourneysResponse, upstreamMetricsResponse } from '../../schemas/responses/analytics';
import { operation } from '../operation';

const tag = 'Analytics';

const COMMON =
  "Scope read:analytics; the analytics rate-limit area (free 100/day, professional 1 000/day). Only the business's owner or an admin may read it: " +
  'another account gets 403 FORBIDDEN, an unknown business 404 PROFILE_NOT_FOUND. A sandbox key reads sandbox businesses and sandbox events only. ' +
  "Days are the business's own local days (its time zone from its coordinates; UTC without them); startDate and endDate are inclusive, at most 366 days apart. " +
  'The answer is the bare result object, without the success/data/meta envelope (spec 2.1); errors keep the envelope. ' +
  'Events are those the service recorded from its own answers (impression, citation, comparison), website visits through tracked links, and events reported to POST /analytics/events. ' +
  'Raw events are kept ANALYTICS_RAW_RETENTION_DAYS (default 400); daily counts for good: journeys, attribution and conversion rates only cover days whose raw events are kept.';

const bare = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });

export function analyticsPaths() {
  return {
    '/analytics/upstream-metrics': {
      get: operation({
        operationId: 'upstreamMetrics',
        tag,
        summary: 'How often AI answers showed, cited and compared the business',
        description: `${COMMON} Counts come from daily rollups, so a full year answers as fast as a day.`,
        access: 'credential',
        query: upstreamMetricsQuerySchema,
        success: { status: 200, description: 'Totals, platforms and the time series.', content: bare(upstreamMetricsResponse) },
        errors: [404],
      }),
    },
    '/analytics/intent-journeys': {
      get: operation({
        operationId: 'intentJourneys',
        tag,
        summary: "How far consumers' journeys with the business went",
        description: COMMON,
        access: 'credential',
        query: intentJourneysQuerySchema,
        success: { status: 200, description: 'Journeys by stage, rates, means and top queries.', content: bare(intentJourneysResponse) },
        errors: [404],
      }),
    },
    '/analytics/attribution': {
      get: operation({
        operationId: 'attribution',
        tag,
        summary: "Which touchpoints the business's conversions are credited to",
        description: COMMON,
        access: 'credential',
        query: attributionQuerySchema,
        success: { status: 200, description: 'Conversions and their credit per (type, platform).', content: bare(attributionResponse) },
        errors: [404],
      }),
    },
    '/analytics/benchmarks': {
      get: operation({
        operationId: 'benchmarks',
        tag,
        summary: 'The business against the published businesses of its category',
        description: `${COMMON} Peers are found like directory listings (published, same environment).`,
        access: 'credential',
        query: benchmarksQuerySchema,
        success: { status: 200, description: 'Your numbers and the peers\' percentiles.', content: bare(benchmarksResponse) },
        errors: [404],
      }),
    },
  };
}
