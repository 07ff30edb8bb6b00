// The four analytics questions (spec 4.4, 5.6, 8; issue 18). Each answers its result object
// itself, without the envelope (spec 2.1); errors keep the envelope like everywhere else. Every
// one: credential, the analytics rate-limit area, scope read:analytics, then the query, then the
// service's business check.
import type { SchemaObject } from 'ajv';
import { defineOperation, scope } from '../core/operation';
import { attributionQuerySchema, benchmarksQuerySchema, intentJourneysQuerySchema, upstreamMetricsQuerySchema } from '../schemas/endpoints/analytics';
import { attributionResponse, benchmarksResponse, intentJourneysResponse, upstreamMetricsResponse } from '../schemas/responses/analytics';
import type { AnalyticsQuestionServices } from '../services/analytics/analyticsServices';
import type { AppServices } from './appServices';
import { queryArguments, queryInput } from './queryArguments';

const tag = 'Analytics';

const COMMON =
  "Scope read:analytics; the analytics rate-limit area (free 100/day, professional 1 000/day). Only the business's owner or an admin may read it: " +
  'another account gets 403 FORBIDDEN, an unknown business 404 PROFILE_NOT_FOUND. A sandbox key reads sandbox businesses and sandbox events only. ' +
  "Days are the business's own local days (its time zone from its coordinates; UTC without them); startDate and endDate are inclusive, at most 366 days apart. " +
  'The answer is the bare result object, without the success/data/meta envelope (spec 2.1); errors keep the envelope. ' +
  'Events are those the service recorded from its own answers (impression, citation, comparison), website visits through tracked links, and events reported to POST /analytics/events. ' +
  'Raw events are kept ANALYTICS_RAW_RETENTION_DAYS (default 400); daily counts for good: journeys, attribution and conversion rates only cover days whose raw events are kept.';

interface Question {
  /** The URL's last segment: /analytics/{path}. */
  path: string;
  query: SchemaObject;
  /** The bare result's schema, documented inline (no component) as it always was. */
  result: { name: string; schema: SchemaObject };
  summary: string;
  description: string;
  successDescription: string;
}

/** One question: the operation of that name asks the analytics service of that name. */
function question<Name extends keyof AnalyticsQuestionServices>(name: Name, asked: Question) {
  type Query = Parameters<AnalyticsQuestionServices[Name]>[1];
  return defineOperation<AppServices, { query: Query }>({
    name,
    access: scope('read:analytics'),
    rateLimit: 'analytics',
    input: { query: asked.query },
    output: asked.result,
    http: { method: 'GET', path: `/analytics/${asked.path}`, envelope: false },
    docs: { tag, summary: asked.summary, description: asked.description, successDescription: asked.successDescription, errors: [404] },
    graphql: {
      field: name,
      on: 'Query',
      description: `As GET /analytics/${asked.path}. Scope read:analytics; your own business (admins: any).`,
      args: queryArguments(asked.query),
      toInput: queryInput,
      cost: 10,
    },
    run: async ({ analytics }, { principal, input }) => {
      const ask = analytics[name] as (principal: unknown, query: Query) => Promise<unknown>;
      // The numbers are one business's own, so shared caches must not keep them.
      return { data: await ask(principal, input.query), headers: { 'Cache-Control': 'private, no-cache' } };
    },
  });
}

export const upstreamMetrics = question('upstreamMetrics', {
  path: 'upstream-metrics',
  query: upstreamMetricsQuerySchema,
  result: { name: 'UpstreamMetrics', schema: upstreamMetricsResponse },
  summary: 'How often AI answers showed, cited and compared the business',
  description: `${COMMON} Counts come from daily rollups, so a full year answers as fast as a day.`,
  successDescription: 'Totals, platforms and the time series.',
});

export const intentJourneys = question('intentJourneys', {
  path: 'intent-journeys',
  query: intentJourneysQuerySchema,
  result: { name: 'IntentJourneys', schema: intentJourneysResponse },
  summary: "How far consumers' journeys with the business went",
  description: COMMON,
  successDescription: 'Journeys by stage, rates, means and top queries.',
});

export const attribution = question('attribution', {
  path: 'attribution',
  query: attributionQuerySchema,
  result: { name: 'Attribution', schema: attributionResponse },
  summary: "Which touchpoints the business's conversions are credited to",
  description: COMMON,
  successDescription: 'Conversions and their credit per (type, platform).',
});

export const benchmarks = question('benchmarks', {
  path: 'benchmarks',
  query: benchmarksQuerySchema,
  result: { name: 'Benchmarks', schema: benchmarksResponse },
  summary: 'The business against the published businesses of its category',
  description: `${COMMON} Peers are found like directory listings (published, same environment).`,
  successDescription: 'Your numbers and the peers\' percentiles.',
});

export const ANALYTICS_OPERATIONS = [upstreamMetrics, intentJourneys, attribution, benchmarks];
