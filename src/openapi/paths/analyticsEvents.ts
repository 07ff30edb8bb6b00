// Analytics events in (issue 18): ingestion, the tracked redirect and the AI platform names.
import { BUILT_IN_PLATFORMS, DIRECT_PLATFORM } from '../../domain/analytics/analyticsEvent';
import { INGESTED_EVENT_TYPES, MAX_EVENT_AGE_DAYS, MAX_INGESTED_EVENTS } from '../../schemas/endpoints/analyticsEvents';
import { operation } from '../operation';
import { RECORDING_DESCRIPTION } from '../../operations/recordingNote';

const tag = 'Analytics';

export function analyticsEventPaths() {
  return {
    '/analytics/events': {
      post: operation({
        operationId: 'ingestAnalyticsEvents',
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
        access: 'credential',
        parameters: ['XAiPlatform'],
        body: 'IngestAnalyticsEventsRequest',
        success: { status: 202, description: 'Stored.', data: 'IngestAnalyticsEventsResult' },
      }),
    },
    '/analytics/platforms': {
      get: operation({
        operationId: 'listAnalyticsPlatforms',
        tag,
        summary: 'AI platform names analytics accept',
        description: `Built in: ${BUILT_IN_PLATFORMS.join(', ')}; plus names registered by an administrator. \`${DIRECT_PLATFORM}\` is what calls without a declared platform count as.`,
        access: 'credential',
        success: { status: 200, description: 'The names.', data: 'AnalyticsPlatformList' },
      }),
    },
    '/admin/analytics-platforms': {
      get: operation({
        operationId: 'adminListAnalyticsPlatforms',
        tag: 'Admin',
        summary: 'AI platform names, with registration times',
        access: 'admin',
        success: { status: 200, description: 'The names.', data: 'AnalyticsPlatformList' },
      }),
      post: operation({
        operationId: 'registerAnalyticsPlatform',
        tag: 'Admin',
        summary: 'Register an AI platform name beyond the built-in list',
        description: 'Lower-case letters, digits and underscores. A built-in name or `direct` is 400; a registered one 409 DUPLICATE_PLATFORM.',
        access: 'admin',
        body: 'RegisterAnalyticsPlatformRequest',
        success: { status: 201, description: 'Registered.', data: 'AnalyticsPlatform' },
        errors: [409],
      }),
    },
    '/r/{token}': {
      get: operation({
        operationId: 'followTrackedLink',
        tag,
        summary: 'Tracked link of a search result: records a website visit, then redirects to the business website',
        description:
          'The `trackedUrl` of consumer and partner search results (those with a website). No credential: the consumer\'s browser ' +
          'follows it. The token is signed (HMAC-SHA256 with a key derived from the service secret) and names the business, ' +
          'environment, journey and platform, never a URL: the answer is 302 to the website stored on the profile at the moment ' +
          'of the click, so a link can lead nowhere else. A tampered or made-up token, or a business no longer published, is ' +
          '404 TRACKED_LINK_NOT_FOUND in the envelope. Rate-limited per client address (the unauthenticated general limit). ' +
          'Cache-Control: no-store; Referrer-Policy: no-referrer.',
        access: 'public',
        parameters: ['TrackedLinkToken'],
        success: {
          status: 302,
          description: 'To the business website.',
          headers: { Location: { description: "The business's website (https).", schema: { type: 'string', format: 'uri' } } },
        },
        errors: [404],
      }),
    },
  };
}
