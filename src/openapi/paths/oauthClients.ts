// /oauth/clients (apps an account registers) and /oauth/authorizations (apps it allowed), issue 20.
// The protocol endpoints are oidc-provider's and answer in RFC 6749 shapes: token, revoke and
// introspect are documented in oauthProtocol.ts, /oauth/authorize (a browser redirect) in the
// document's introduction and the oauth2 scheme.
import { operation } from '../operation';

const tag = 'OAuth apps';
const SIGNED_IN = 'A person signed in (JWT from /auth/login) only: API keys and OAuth tokens are refused.';

export function oauthClientPaths() {
  return {
    '/oauth/clients': {
      post: operation({
        operationId: 'registerOAuthClient',
        tag,
        summary: 'Register an app that will act for users with OAuth 2.0',
        description: `${SIGNED_IN} redirectUris are exact https URIs (http only for localhost and 127.0.0.1, no fragment). The secret is shown once.`,
        access: 'jwt',
        body: 'CreateOAuthClientRequest',
        success: { status: 201, description: 'The app with its clientSecret (confidential apps only).', data: 'OAuthClientWithSecret' },
      }),
      get: operation({
        operationId: 'listOAuthClients',
        tag,
        summary: 'The apps this account registered',
        description: SIGNED_IN,
        access: 'jwt',
        success: { status: 200, description: 'Newest first, without secrets.', data: 'OAuthClientList' },
      }),
    },
    '/oauth/clients/{clientId}': {
      get: operation({
        operationId: 'getOAuthClient',
        tag,
        summary: 'One of this account\'s apps',
        description: `${SIGNED_IN} Another account's app is 404.`,
        access: 'jwt',
        parameters: ['ClientId'],
        success: { status: 200, description: 'The app, without its secret.', data: 'OAuthClient' },
        errors: [404],
      }),
      delete: operation({
        operationId: 'deleteOAuthClient',
        tag,
        summary: 'Delete an app: its grants and every token it holds are revoked',
        description: SIGNED_IN,
        access: 'jwt',
        parameters: ['ClientId'],
        success: { status: 204, description: 'Deleted.' },
        errors: [404],
      }),
    },
    '/oauth/clients/{clientId}/rotate-secret': {
      post: operation({
        operationId: 'rotateOAuthClientSecret',
        tag,
        summary: 'Replace a confidential app\'s secret (the old one stops working at once)',
        description: SIGNED_IN,
        access: 'jwt',
        parameters: ['ClientId'],
        success: { status: 200, description: 'The app with its new clientSecret, shown once.', data: 'OAuthClientWithSecret' },
        errors: [404],
      }),
    },
    '/oauth/authorizations': {
      get: operation({
        operationId: 'listOAuthAuthorizations',
        tag,
        summary: 'The apps this account has allowed, with the scopes it consented to',
        description: SIGNED_IN,
        access: 'jwt',
        success: { status: 200, description: 'One entry per app.', data: 'OAuthAuthorizationList' },
      }),
    },
    '/oauth/authorizations/{clientId}': {
      delete: operation({
        operationId: 'revokeOAuthAuthorization',
        tag,
        summary: 'Withdraw an app\'s access: its grant and tokens for this account are revoked',
        description: SIGNED_IN,
        access: 'jwt',
        parameters: ['ClientId'],
        success: { status: 204, description: 'Revoked.' },
        errors: [404],
      }),
    },
  };
}
