// /auth: accounts, tokens and API keys (spec 4.1, 5; issue 2).
import { operation } from '../operation';

const tag = 'Authentication';

export function authPaths() {
  return {
    '/auth/register': {
      post: operation({
        operationId: 'register',
        tag,
        summary: 'Create an account',
        description:
          'Passwords are stored with scrypt. Every account starts on the free plan: `plan` is refused (400 VALIDATION_ERROR on ' +
          '`plan`); an administrator sets plans with PATCH /admin/accounts/{accountId}.',
        access: 'public',
        body: 'RegisterRequest',
        success: { status: 201, description: 'Account created.', data: 'Account' },
        errors: [409],
      }),
    },
    '/auth/login': {
      post: operation({
        operationId: 'login',
        tag,
        summary: 'Sign in: access token (JWT, 1 hour) and refresh token',
        access: 'public',
        body: 'LoginRequest',
        success: { status: 200, description: 'Tokens.', data: 'TokenPair' },
        errors: [401],
      }),
    },
    '/auth/refresh': {
      post: operation({
        operationId: 'refreshToken',
        tag,
        summary: 'New access token for a refresh token',
        description:
          'The refresh token is rotated: the answer carries a new one and the old one is spent. ' +
          'Presenting a spent refresh token revokes every token of its family (401).',
        access: 'public',
        body: 'RefreshRequest',
        success: { status: 200, description: 'New tokens.', data: 'TokenPair' },
        errors: [401],
      }),
    },
    '/auth/api-keys': {
      get: operation({
        operationId: 'listApiKeys',
        tag,
        summary: 'List the account\'s API keys (never the secrets)',
        access: 'jwt',
        success: { status: 200, description: 'Keys with name, environment, scopes and last 4 characters.', data: 'ApiKeyList' },
      }),
      post: operation({
        operationId: 'createApiKey',
        tag,
        summary: 'Create an API key; the full key is in this answer only',
        description:
          'environment test gives sk_test_ keys (sandbox partition, 100 requests/hour), live gives sk_live_ keys. ' +
          'Without `scopes` the key gets every scope (read:businesses, write:businesses, read:bookings, write:bookings, ' +
          'read:analytics, read:reviews, write:reviews); name some to narrow it (at least one). The scopes are shown when keys are listed. ' +
          'Each operation of this document names the scope it requires; a key without it gets 403 FORBIDDEN naming the scope.',
        access: 'jwt',
        body: 'CreateApiKeyRequest',
        success: { status: 201, description: 'The key, once.', data: 'ApiKeyCreated' },
      }),
    },
    '/auth/api-keys/{keyId}': {
      delete: operation({
        operationId: 'revokeApiKey',
        tag,
        summary: 'Revoke an API key; later use of it is 401',
        access: 'jwt',
        parameters: ['KeyId'],
        success: { status: 200, description: 'Revoked.', data: 'ApiKeyRevoked' },
        errors: [404],
      }),
    },
  };
}
