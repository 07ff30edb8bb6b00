// The OAuth 2.0 protocol endpoints: token, revocation and introspection, served by
// oidc-provider (services/oauth/oauthProvider.ts) rather than the /v1 router, so they are not in
// http/routeScopes.ts: the caller is an OAuth client authenticating itself (RFC 6749 section 2.3),
// not an API credential. Form-encoded requests, RFC 6749 section 5 answers, never the envelope.
// /oauth/authorize is a browser redirect to sign-in and consent pages, described with the oauth2
// scheme and in docs/oauth.md.
import { ref, STANDARD_HEADERS } from '../components';

const tag = 'OAuth apps';

/** The operations this file documents, as routeScopes.ts keys would name them. */
export const OAUTH_PROTOCOL_OPERATIONS = ['POST /oauth/token', 'POST /oauth/revoke', 'POST /oauth/introspect'] as const;

// HTTP Basic with the client id and secret (registered method), the same two in the form, or a
// public client's client_id alone in the form: either the scheme or nothing the scheme carries.
const CLIENT_AUTHENTICATION = [{ oauthClient: [] }, {}];

const form = (schema: string) => ({ required: true, content: { 'application/x-www-form-urlencoded': { schema: ref('schemas', schema) } } });
const json = (schema: string) => ({ 'application/json': { schema: ref('schemas', schema) } });

function refusals(badRequest: string) {
  return {
    400: { description: badRequest, headers: STANDARD_HEADERS, content: json('OAuthError') },
    401: {
      description:
        'invalid_client: no client authentication, an unknown client, a wrong secret, or another method than the client registered (RFC 6749 section 5.2).',
      headers: {
        ...STANDARD_HEADERS,
        'WWW-Authenticate': { description: 'Basic, with the issuer as realm.', schema: { type: 'string' } },
      },
      content: json('OAuthError'),
    },
    500: { description: 'server_error: something failed inside the server; the request may be retried.', headers: STANDARD_HEADERS, content: json('OAuthError') },
  };
}

export function oauthProtocolPaths() {
  return {
    '/oauth/token': {
      post: {
        operationId: 'oauthToken',
        tags: [tag],
        summary: 'Exchange an authorization code, or a refresh token, for tokens (RFC 6749)',
        description:
          'grant_type authorization_code (with the redirect_uri of the authorization request and, when it sent a code_challenge, the ' +
          'code_verifier) or refresh_token (rotated: the answer has a new one). The client authenticates with HTTP Basic ' +
          '(client_id:client_secret, each URL-encoded), client_id and client_secret in the form, or a public client\'s client_id alone.',
        security: CLIENT_AUTHENTICATION,
        parameters: [ref('parameters', 'XRequestId')],
        requestBody: form('OAuthTokenRequest'),
        responses: {
          200: { description: 'The tokens (Cache-Control: no-store).', headers: STANDARD_HEADERS, content: json('OAuthTokenResponse') },
          ...refusals(
            'invalid_request (a missing or repeated parameter, a body that is not form-encoded), invalid_grant (a code or refresh token that is ' +
              'unknown, expired, spent, for another client or another redirect_uri, or a wrong code_verifier), unsupported_grant_type, ' +
              'invalid_scope (a refresh asking for more than was consented), invalid_target (another resource than this API).',
          ),
        },
      },
    },
    '/oauth/revoke': {
      post: {
        operationId: 'oauthRevoke',
        tags: [tag],
        summary: 'Revoke an access or refresh token (RFC 7009)',
        description:
          'The client revokes a token issued to it; revoking a refresh token also ends the access tokens of its grant. An unknown or ' +
          'already revoked token answers 200 too (RFC 7009 section 2.2). Client authentication as for /oauth/token.',
        security: CLIENT_AUTHENTICATION,
        parameters: [ref('parameters', 'XRequestId')],
        requestBody: form('OAuthRevocationRequest'),
        responses: {
          200: { description: 'Revoked, or nothing to revoke. No body.', headers: STANDARD_HEADERS },
          ...refusals('invalid_request (no token, a token issued to another client, a body that is not form-encoded), unsupported_token_type.'),
        },
      },
    },
    '/oauth/introspect': {
      post: {
        operationId: 'oauthIntrospect',
        tags: [tag],
        summary: 'Describe a token (RFC 7662)',
        description:
          'A client learns about its own tokens; the resource servers whose client ids the operator lists in OAUTH_INTROSPECTION_CLIENT_IDS ' +
          'about every token. Anything else answers `{"active": false}`, as for an unknown, expired or revoked token. Client authentication as for /oauth/token.',
        security: CLIENT_AUTHENTICATION,
        parameters: [ref('parameters', 'XRequestId')],
        requestBody: form('OAuthIntrospectionRequest'),
        responses: {
          200: { description: 'The token\'s state (Cache-Control: no-store).', headers: STANDARD_HEADERS, content: json('OAuthIntrospection') },
          ...refusals('invalid_request (no token, a body that is not form-encoded).'),
        },
      },
    },
  };
}
