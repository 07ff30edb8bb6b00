// POST /analytics/events: events partners and businesses report after an answer.
import Type, { type Static } from 'typebox';
import { SESSION_ID } from '../../domain/sessionId';
import { aiPlatformSchema } from '../parts/aiPlatform';
import { businessIdSchema } from '../parts/ids';
import { currencyCodeSchema } from '../parts/pricing';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';

/** Reported by callers; impressions, citations and comparisons are recorded by the service only. */
export const INGESTED_EVENT_TYPES = ['profile_view', 'website_visit', 'conversion'] as const;
export type IngestedEventType = (typeof INGESTED_EVENT_TYPES)[number];
export const MAX_INGESTED_EVENTS = 500;
export const MAX_EVENT_AGE_DAYS = 90;

export const ingestedEventSchema = Type.Object(
  {
    eventId: Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: '^[A-Za-z0-9._:-]{1,128}$',
      'x-issue': 'must be 1-128 of A-Z a-z 0-9 . _ : -',
      description: 'Your id for the event, unique within your account and environment: a repeat is ignored (counted in `duplicates`), never counted twice.',
    }),
    type: stringEnum(INGESTED_EVENT_TYPES, {
      description: 'What happened after the answer. `impression`, `citation` and `comparison` are recorded by the service itself from its answers and cannot be reported.',
    }),
    businessId: { ...businessIdSchema, description: 'A business you own, or (partners) any published business.' },
    journeyId: Type.String({
      maxLength: 128,
      pattern: SESSION_ID.source,
      'x-issue': 'must be a session id (8-128 of A-Z a-z 0-9 . _ : -): the X-Session-ID / sessionId of the search',
      description: "The consumer's session id: the X-Session-ID you sent, or the `sessionId` consumer search returned. With businessId it names the journey.",
    }),
    timestamp: Type.String({
      format: 'date-time',
      maxLength: 40,
      'x-issue': 'must be an ISO 8601 date-time with a time zone (2025-03-01T14:30:00Z)',
      description: `When it happened: not in the future, at most ${MAX_EVENT_AGE_DAYS} days ago.`,
    }),
    platform: Type.Optional({ ...aiPlatformSchema, description: 'The AI platform the consumer came from; default: the platform of your credential or X-AI-Platform, else `direct`.' }),
    query: Type.Optional({ ...text(500), description: 'The consumer query that led here, if known; stored normalised (trimmed, lower case, single spaces).' }),
    value: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1_000_000_000, description: '`conversion` only: its value in major units of `currency` (12.5 = 12.50 USD). Requires `currency`.' }),
    ),
    currency: Type.Optional({ ...currencyCodeSchema, description: '`conversion` only, with `value`: ISO 4217 code, upper case.' }),
  },
  { additionalProperties: false },
);

export const ingestEventsBodySchema = Type.Object(
  { events: Type.Array(ingestedEventSchema, { minItems: 1, maxItems: MAX_INGESTED_EVENTS }) },
  { additionalProperties: false },
);

/** One reported event, as its schema describes it. */
export type IngestedEventInput = Static<typeof ingestedEventSchema>;
