// GET /r/{token}: the tracked link of a search result. No credential: the consumer's
// browser follows it. Limited per client address like other unauthenticated calls (the general
// area's free tier). Answers 302 to the website stored on the profile now; never cached, so a
// website changed after the answer is followed at once.
import { PUBLIC } from '../core/operation';
import { operation } from './declare';

export const followTrackedLink = operation({
  name: 'followTrackedLink',
  access: PUBLIC,
  rateLimit: 'general',
  // The token is checked by its signature (trackedLinks.follow), not by a path-id pattern.
  input: { path: ['token'] },
  errors: ['TRACKED_LINK_NOT_FOUND'],
  http: { method: 'GET', path: '/r/{token}', status: 302 },
  docs: {
    tag: 'Analytics',
    summary: 'Tracked link of a search result: records a website visit, then redirects to the business website',
    description:
      'The `trackedUrl` of consumer and partner search results (those with a website). No credential: the consumer\'s browser ' +
      'follows it. The token is signed (HMAC-SHA256 with a key derived from the service secret) and names the business, ' +
      'environment, journey and platform, never a URL: the answer is 302 to the website stored on the profile at the moment ' +
      'of the click, so a link can lead nowhere else. A tampered or made-up token, or a business no longer published, is ' +
      '404 TRACKED_LINK_NOT_FOUND in the envelope. Rate-limited per client address (the unauthenticated general limit). ' +
      'Cache-Control: no-store; Referrer-Policy: no-referrer.',
    successDescription: 'To the business website.',
    successHeaders: { Location: { description: "The business's website (https).", schema: { type: 'string', format: 'uri' } } },
  },
  run: async ({ trackedLinks }, { input }) => ({
    data: undefined,
    redirectTo: await trackedLinks.follow(input.path.token),
    // The destination learns nothing of the API's URL (the token) from the Referer.
    headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  }),
});

export const TRACKED_REDIRECT_OPERATIONS = [followTrackedLink];
