// Analytics events in: ingestion, and the AI platform names analytics accept (any
// caller reads the list, to know what X-AI-Platform and API key `platform` take; admins register
// names beyond the built-in ones). The tracked redirect is its own file (trackedRedirect.ts).
import { ADMIN, scope } from '../core/operation';
import { BUILT_IN_PLATFORMS, DIRECT_PLATFORM } from '../domain/analytics/analyticsEvent';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { INGESTED_EVENT_TYPES, MAX_EVENT_AGE_DAYS, MAX_INGESTED_EVENTS } from '../schemas/endpoints/analyticsEvents';
import { operation } from './declare';
import { RECORDING_DESCRIPTION } from './recordingNote';

const tag = 'Analytics';

export const ingestAnalyticsEvents = operation({
  name: 'ingestAnalyticsEvents',
  // Reporting on a business is a business write; read:analytics is for reading the numbers. A
  // partner reporting on any published business needs an agreement in force as well (the service's check).
  access: scope('write:businesses'),
  rateLimit: 'analytics',
  idempotent: true,
  attributesPlatform: true,
  // The batch's items are named as arrays are written: `events.3.timestamp` -> `events[3].timestamp`.
  input: { body: requestSchema('IngestAnalyticsEventsRequest'), bodyFieldName: (field) => field.replace(/^events\.(\d+)/, 'events[$1]') },
  output: responseSchema('IngestAnalyticsEventsResult'),
  errors: [],
  http: { method: 'POST', path: '/analytics/events', status: 202 },
  docs: {
    tag,
    summary: 'Report what happened after an answer: profile views, website visits, conversions',
    description:
      `Up to ${MAX_INGESTED_EVENTS} events, types ${INGESTED_EVENT_TYPES.join(', ')}. The whole batch is checked before anything is ` +
      'stored: the first bad item is 400 VALIDATION_ERROR naming it (`events[3].timestamp`) and nothing of the batch is kept. ' +
      `timestamp: not in the future (1 minute of clock skew allowed), at most ${MAX_EVENT_AGE_DAYS} days old. value and currency: ` +
      'conversions only, both or neither. businessId: a business of your account in this environment, or, when your account ' +
      'has a partnership agreement in force today covering event_ingestion (see /admin/partner-agreements), any published ' +
      'business (403 FORBIDDEN naming the item otherwise, saying why when the agreement is not in force; an id unknown in this ' +
      'environment, such as a live business sent with a sandbox key, is 400 naming it). platform: per event, else X-AI-Platform, ' +
      `else your credential's, else \`${DIRECT_PLATFORM}\`. ` +
      'Scope: write:businesses (reporting on a business is a business write; read:analytics is for reading the numbers). ' +
      'Counted in the analytics rate-limit area. 202 once every event is stored; a repeated eventId (per account and ' +
      'environment) is ignored and counted in `duplicates`. ' + RECORDING_DESCRIPTION,
    parameters: ['XAiPlatform'],
    successDescription: 'Stored.',
  },
  run: async ({ ingestEvents }, { principal, input, request }) => {
    const result = await ingestEvents(principal, await request.platform(), input.body.events);
    return { data: { accepted: result.accepted, duplicates: result.duplicates } };
  },
});

export const listAnalyticsPlatforms = operation({
  name: 'listAnalyticsPlatforms',
  access: scope('read:analytics'),
  rateLimit: 'general',
  input: {},
  output: responseSchema('AnalyticsPlatformList'),
  errors: [],
  http: { method: 'GET', path: '/analytics/platforms' },
  docs: {
    tag,
    summary: 'AI platform names analytics accept',
    description: `Built in: ${BUILT_IN_PLATFORMS.join(', ')}; plus names registered by an administrator. \`${DIRECT_PLATFORM}\` is what calls without a declared platform count as.`,
    successDescription: 'The names.',
  },
  run: async ({ platforms }) => ({ data: { platforms: (await platforms.list()).map(({ name, displayName, builtIn }) => ({ name, displayName, builtIn })) } }),
});

export const adminListAnalyticsPlatforms = operation({
  name: 'adminListAnalyticsPlatforms',
  access: ADMIN,
  rateLimit: 'general',
  input: {},
  output: responseSchema('AnalyticsPlatformList'),
  errors: [],
  http: { method: 'GET', path: '/admin/analytics-platforms' },
  docs: { tag: 'Admin', summary: 'AI platform names, with registration times', successDescription: 'The names.' },
  run: async ({ platforms }) => ({ data: { platforms: await platforms.list() } }),
});

export const registerAnalyticsPlatform = operation({
  name: 'registerAnalyticsPlatform',
  access: ADMIN,
  rateLimit: 'general',
  idempotent: true,
  input: { body: requestSchema('RegisterAnalyticsPlatformRequest') },
  output: responseSchema('AnalyticsPlatform'),
  errors: ['DUPLICATE_PLATFORM'],
  http: { method: 'POST', path: '/admin/analytics-platforms', status: 201 },
  docs: {
    tag: 'Admin',
    summary: 'Register an AI platform name beyond the built-in list',
    description: 'Lower-case letters, digits and underscores. A built-in name or `direct` is 400; a registered one 409 DUPLICATE_PLATFORM.',
    successDescription: 'Registered.',
  },
  run: async ({ platforms }, { principal, input }) => {
    const record = await platforms.register(principal.accountId, input.body);
    return { data: { name: record.name, displayName: record.displayName, builtIn: false, createdAt: record.createdAt } };
  },
});

export const ANALYTICS_EVENT_OPERATIONS = [ingestAnalyticsEvents, listAnalyticsPlatforms, adminListAnalyticsPlatforms, registerAnalyticsPlatform];
