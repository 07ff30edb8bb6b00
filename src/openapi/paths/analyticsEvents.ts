// Analytics events in (issue 18): ingestion, the tracked redirect and the AI platform names.
import { operation } from '../operation';

const tag = 'Analytics';

export function analyticsEventPaths() {
  return {
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
