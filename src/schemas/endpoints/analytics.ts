// GET /v1/analytics/* query parameters (spec 4.4). The business, the period and each
// question's own options; cross-parameter rules (start <= end, at most 366 days, a real calendar
// day) are checked by services/analytics/analyticsPeriod.ts, naming the parameter.
import Type, { type Static } from 'typebox';
import { ATTRIBUTION_MODELS } from '../../domain/analytics/attribution';
import { JOURNEY_STAGES } from '../../domain/analytics/journeyStage';
import { GRANULARITIES } from '../../domain/analytics/timeBuckets';
import { businessIdSchema } from '../parts/ids';
import { defaulted } from '../parts/defaulted';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';

export const MAX_ANALYTICS_RANGE_DAYS = 366;

const instantOrDate = (which: 'first' | 'last') =>
  Type.String({
    maxLength: 40,
    pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$',
    'x-issue': 'must be an ISO 8601 date (YYYY-MM-DD) or date-time with an offset (2026-03-01T00:00:00Z)',
    description:
      `The ${which} day of the period, inclusive, as a day of the business's own local calendar (its time zone comes from its coordinates; UTC without them). ` +
      'A date-time selects the local day it falls on in that zone. ' +
      `At most ${MAX_ANALYTICS_RANGE_DAYS} days from startDate to endDate.`,
  });

const common = {
  businessId: { ...businessIdSchema, description: 'The business the numbers are about: one you own (admins: any).' },
  startDate: instantOrDate('first'),
  endDate: instantOrDate('last'),
};

export const AI_PLATFORM_FILTER_DESCRIPTION =
  'Keep one AI platform: chatgpt, claude, gemini, perplexity, copilot, meta_ai, other, direct (no platform declared) or a custom name an admin registered. ' +
  'An unknown name matches nothing (all zeros).';

export const upstreamMetricsQuerySchema = Type.Object(
  {
    ...common,
    platform: Type.Optional({ ...text(50), pattern: '^[a-z0-9_-]+$', 'x-issue': 'must be a platform name (lower-case letters, digits, _ or -)', description: AI_PLATFORM_FILTER_DESCRIPTION }),
    granularity: defaulted(stringEnum(GRANULARITIES, { default: 'day', description: 'Bucket size of timeSeries: local days, ISO weeks (Monday first) or calendar months.' })),
  },
  { additionalProperties: false },
);

export const intentJourneysQuerySchema = Type.Object(
  { ...common, stage: Type.Optional(stringEnum(JOURNEY_STAGES, { description: 'Keep only journeys that reached at least this stage.' })) },
  { additionalProperties: false },
);

export const attributionQuerySchema = Type.Object(
  {
    ...common,
    model: defaulted(
      stringEnum(ATTRIBUTION_MODELS, {
        default: 'multiTouch',
        description:
          'firstTouch: the first touchpoint gets the conversion; lastTouch: the last one; linear: equal shares; multiTouch: position-based 40/20/40 (first and last 40 % each, the middle ones share 20 %; one touchpoint takes all, two take 50/50).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const benchmarksQuerySchema = Type.Object(
  {
    ...common,
    category: Type.Optional({ ...text(100), description: "Compare with this category's published businesses instead of the business's own category (case-insensitive)." }),
    location: Type.Optional({
      ...text(100),
      description: 'Narrow peers to a place, as typed: a US state (Texas or TX), a two-letter country code (US), a city and state ("Austin, TX") or a city (Austin).',
    }),
  },
  { additionalProperties: false },
);

export type UpstreamMetricsQuery = Static<typeof upstreamMetricsQuerySchema>;
export type IntentJourneysQuery = Static<typeof intentJourneysQuerySchema>;
export type AttributionQuery = Static<typeof attributionQuerySchema>;
export type BenchmarksQuery = Static<typeof benchmarksQuerySchema>;
