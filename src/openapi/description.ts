// The prose of the document: the conventions and the behaviours the spec leaves "not shown",
// as this service implements them. The error table is generated from ERROR_CODES.
import { ERROR_CODES, type ErrorCode } from '../schemas/errorCodes';
import { MEDIA_SIZE_LIMITS } from '../schemas/endpoints/media';
import { LATITUDE, LONGITUDE } from '../domain/profile';

const MB = 1024 * 1024;

function errorTable(): string {
  const rows = (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => `| ${code} | ${ERROR_CODES[code].status} | ${ERROR_CODES[code].description} |`);
  return ['| Code | Status | When |', '|---|---|---|', ...rows].join('\n');
}

export const RATE_LIMITS_TEXT = [
  '| Plan | General (per hour) | Search (per day) | Analytics (per day) |',
  '|---|---|---|---|',
  '| free | 100 | 1,000 | 100 |',
  '| professional | 1,000 | 10,000 | 1,000 |',
  '| enterprise | 10,000 | custom | custom |',
  '',
  'Each area has its own counter: search = /api/v1/* search endpoints, analytics = the four /analytics/* routes, ' +
    'general = everything else ' +
    '(authentication, profiles, media, verification). Enterprise "custom" numbers are set per account by an admin ' +
    '(PATCH /admin/accounts/{accountId}, customLimits). Requests made with an sk_test_ key are limited to 100 per hour ' +
    'whatever the plan. Every rate-limited response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset ' +
    '(Unix epoch seconds); over the limit the answer is 429 RATE_LIMITED with Retry-After (seconds).',
].join('\n');

export function documentDescription(): string {
  return [
    'Business discovery, profile and analytics API. All paths are under `/v1`; the search paths keep the spec\'s repeated `/api/v1`.',
    '',
    '## OAuth 2.0 (spec 4.1, 5.4)',
    'Apps registered with POST /oauth/clients send users to `{AUTH_URL}/oauth/authorize` (authorization code, PKCE S256 required ' +
      'for public clients) and exchange the code at `POST /v1/oauth/token` (form-encoded). The token, revocation (`/v1/oauth/revoke`) ' +
      'and introspection (`/v1/oauth/introspect`) endpoints answer in the RFC 6749 5.1/5.2 shapes (`access_token`... or ' +
      '`error`, `error_description`), not the envelope, because OAuth clients expect them; they are documented below under ' +
      '"OAuth apps" with their form-encoded bodies, and the app authenticates with HTTP Basic (the `oauthClient` scheme). Metadata: ' +
      '`/.well-known/oauth-authorization-server` (RFC 8414) and `/.well-known/oauth-protected-resource/v1` (RFC 9728, named by every 401). ' +
      'AUTH_URL defaults to `http://localhost:PORT`; set it to the public origin in production.',
    '',
    '## Conventions',
    '- JSON answers are the envelope `{success, data | error {code, message, details?}, meta {timestamp, requestId}}`, except ' +
      'the four analytics questions (`/analytics/upstream-metrics`, `/intent-journeys`, `/attribution`, `/benchmarks`), which ' +
      'answer the bare objects of spec 4.4, this document itself, GraphQL (`{data, errors}`) and MCP (JSON-RPC). Their errors are envelopes too.',
    '- `X-Request-ID`: send your own (1-128 of `A-Za-z0-9._:-`) or get `req_<id>`; echoed as a header and in meta.requestId.',
    '- Request bodies are `application/json` (PATCH also takes `application/merge-patch+json`; 415 otherwise), valid UTF-8, ' +
      'at most 1 MB (16 KB on /auth; 413 above). Unknown properties are rejected, and so are `__proto__` and `constructor.prototype` keys. ' +
      'A 400 VALIDATION_ERROR names the first offending field as a dotted path (`location.coordinates.lat`, ' +
      '`services.0.pricing.currency`) and the issue in plain words.',
    '- Query numbers are read from strings and defaults are applied; JSON bodies are never coerced (`"5"` is not a number).',
    '- Retries: send `Idempotency-Key` (1-255 printable ASCII characters, e.g. a UUID) on POST, PATCH and DELETE of profiles, ' +
      'services, hours, blackout dates, verification and admin actions. Keys belong to your account and environment. A 2xx ' +
      'answer, or a 4xx of a request that ran (not 400, 409, 412, 413, 415 or 429, so a corrected retry runs), is kept 24 hours; a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true` ' +
      '(meta.requestId is the first request\'s). The same key with another request: 422 IDEMPOTENCY_KEY_REUSED; while the first ' +
      'request still runs: 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. 5xx answers are not kept, so a retry runs again. Not on ' +
      '/auth routes, media uploads and deletes, consumer search, or DELETE of a profile or service (a second delete answers 404).',
    '- Caching: every answer to an authenticated request carries `Cache-Control: no-store`, except a single profile ' +
      '(`private, no-cache`: your client may keep it and revalidate with `If-None-Match`), analytics answers (`private, no-cache`) and media files ' +
      '(`private, max-age=86400, immutable`: a media URL never changes content). Token and key answers of /auth are `no-store` too.',
    '- A known path with a method it does not serve: 405 METHOD_NOT_ALLOWED with an `Allow` header listing the methods it serves.',
    '- Profile GET and PATCH carry an `ETag`; PATCH with `If-Match` fails with 412 PRECONDITION_FAILED when the profile changed.',
    '- Path ids must match their pattern (`biz_`, `svc_`, `med_`, `key_`, `ver_`, `acct_`, `rev_`, `bkg_` followed by 6-40 letters or digits); ' +
      'otherwise 400 VALIDATION_ERROR names the path parameter. Messages quote client input only up to 64 characters.',
    '- Text: single-line fields (names, tagline, category, address parts...) refuse control characters, line breaks and ' +
      'bidirectional embedding/override/isolate characters (U+202A-U+202E, U+2066-U+2069). Long prose fields (descriptions, ' +
      'exclusive content, notes) may hold line breaks (`\\n`, `\\r\\n`) and tabs but no other control characters. A required text ' +
      'must hold a visible character: spaces, zero-width and other format characters alone count as blank.',
    '',
    '## Authentication and the sandbox',
    '`Authorization: Bearer <credential>` with an API key (`sk_live_...` or `sk_test_...`) or a JWT from POST /auth/login. ' +
      'Missing, invalid, revoked or expired credential: 401 UNAUTHORIZED. Missing scope, suspended account or not the owner: 403 FORBIDDEN. ' +
      'Failed authentication is slowed down: after 10 wrong passwords for one e-mail address (registered or not) within 15 minutes, ' +
      'or 50 failed credentials of any kind (password, refresh token, API key, access token) from one client address, further attempts ' +
      'answer 429 RATE_LIMITED with Retry-After until the 15-minute window ends, even with the right credential. A successful login clears ' +
      'the account\'s count. A request without any credential is not a failure. ' +
      'Data created with `sk_test_` keys lives in a separate sandbox partition: invisible to live credentials and vice versa. ' +
      'Scopes: read:businesses, write:businesses, read:bookings, write:bookings, read:analytics, read:reviews, write:reviews. ' +
      'Each operation\'s `security` names the one scope it requires (search needs read:businesses). An API key holds the scopes ' +
      'chosen when it was created (all by default); a JWT from POST /auth/login holds all of them. A credential without the ' +
      'scope gets 403 FORBIDDEN with `details.field` `scope`, `details.requiredScope` and `WWW-Authenticate: Bearer ' +
      'error="insufficient_scope"`. Account settings (API keys) need a signed-in person (JWT), whatever the scopes; admin ' +
      'operations need an admin account\'s own credential and no scope.',
    '',
    '## Units and rules',
    '- Search result `distance`: kilometres. Search radius `location.distance`: a number with `km`, `mi` or `m` (default `50km`).',
    '- Service `duration`: minutes, 1-1440.',
    '- Service `capacity`: bookings one start time takes at once, 1-1000 (1 when absent). Booking and availability times are ISO 8601 ' +
      'with the business\'s UTC offset; a booking `start` may be sent with any offset.',
    '- Review `rating`: whole stars 1-5; `trust.averageRating` is the mean of visible reviews to one decimal, and 0 while `trust.totalReviews` is 0 (no reviews yet: show that, not a zero rating).',
    '- Pricing: `type` fixed or hourly with `amount` >= 0; range with 0 <= `minAmount` <= `maxAmount`; `currency` an ISO 4217 code ' +
      'of a circulating currency; amounts in major units.',
    '- Hours: `HH:MM` 24-hour, 00:00-23:59, in the business\'s local time; `close` earlier than `open` means closing after midnight; ' +
      '`{"closed": true}` for a closed day.',
    `- Dates: real calendar dates \`YYYY-MM-DD\`. Coordinates: lat ${LATITUDE.minimum}..${LATITUDE.maximum}, lon ${LONGITUDE.minimum}..${LONGITUDE.maximum}. Countries: ISO 3166-1 alpha-2.`,
    '- Directory and partner items: the search result business without `distance` and `personalizationScore`, plus ' +
      '`aiVisibilityScore` (0-100) and `verificationLevel`.',
    `- Uploads: logo up to ${MEDIA_SIZE_LIMITS.logo / MB} MB, photo ${MEDIA_SIZE_LIMITS.photo / MB} MB, video ${MEDIA_SIZE_LIMITS.video / MB} MB.`,
    '',
    '## Rate limits',
    RATE_LIMITS_TEXT,
    '',
    '## Error codes',
    'An unknown path is 404 NOT_FOUND; a known path with another method is 405 METHOD_NOT_ALLOWED.',
    '',
    errorTable(),
  ].join('\n');
}
