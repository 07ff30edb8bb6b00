// /auth: accounts, sessions and API keys (spec 4.1, 5.2, 5.3). Register, login and
// refresh are public, limited per client address (no caller yet: slows password guessing); API
// keys are managed only by a person signed in.
import { limitFailures } from '../core/limitFailures';
import { PUBLIC, SIGNED_IN, type OperationResult } from '../core/operation';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { normalizeEmail } from '../services/authService';
import { operation } from './declare';

const tag = 'Authentication';

// Every body here is a few short strings. A tight cap bounds what an unauthenticated caller
// can make the server parse (the app-wide 1 MB limit is sized for profiles).
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

/** Tokens and keys must not be kept by browsers or proxies. */
function unstored<T>(data: T): OperationResult<T> {
  return { data, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } };
}

export const register = operation({
  name: 'register',
  access: PUBLIC,
  rateLimit: 'general',
  input: { body: requestSchema('RegisterRequest') },
  output: responseSchema('Account'),
  errors: ['DUPLICATE_EMAIL'],
  http: { method: 'POST', path: '/auth/register', status: 201, bodyLimitBytes: AUTH_BODY_LIMIT_BYTES },
  docs: {
    tag,
    summary: 'Create an account',
    description:
      'Passwords are stored with scrypt. Every account starts on the free plan: `plan` is refused (400 VALIDATION_ERROR on ' +
      '`plan`); an administrator sets plans with PATCH /admin/accounts/{accountId}.',
    successDescription: 'Account created.',
  },
  run: async ({ auth }, { input }) => ({ data: await auth.register(input.body) }),
});

export const login = operation({
  name: 'login',
  access: PUBLIC,
  rateLimit: 'general',
  input: { body: requestSchema('LoginRequest') },
  output: responseSchema('TokenPair'),
  errors: ['UNAUTHORIZED'],
  http: { method: 'POST', path: '/auth/login', bodyLimitBytes: AUTH_BODY_LIMIT_BYTES },
  docs: { tag, summary: 'Sign in: access token (JWT, 1 hour) and refresh token', successDescription: 'Tokens.' },
  // A wrong password counts against the client address and the account.
  run: async ({ auth, authFailures }, { input, request }) =>
    unstored(await limitFailures(authFailures, { address: request.address, account: normalizeEmail(input.body.email) }, () => auth.login(input.body))),
});

export const refreshToken = operation({
  name: 'refreshToken',
  access: PUBLIC,
  rateLimit: 'general',
  input: { body: requestSchema('RefreshRequest') },
  output: responseSchema('TokenPair'),
  errors: ['UNAUTHORIZED'],
  http: { method: 'POST', path: '/auth/refresh', bodyLimitBytes: AUTH_BODY_LIMIT_BYTES },
  docs: {
    tag,
    summary: 'New access token for a refresh token',
    description:
      'The refresh token is rotated: the answer carries a new one and the old one is spent. ' +
      'Presenting a spent refresh token revokes every token of its family (401).',
    successDescription: 'New tokens.',
  },
  run: async ({ auth, authFailures }, { input, request }) => unstored(await limitFailures(authFailures, { address: request.address }, () => auth.refresh(input.body))),
});

export const listApiKeys = operation({
  name: 'listApiKeys',
  access: SIGNED_IN,
  rateLimit: 'general',
  input: {},
  output: responseSchema('ApiKeyList'),
  errors: [],
  http: { method: 'GET', path: '/auth/api-keys' },
  docs: { tag, summary: 'List the account\'s API keys (never the secrets)', successDescription: 'Keys with name, environment, scopes and last 4 characters.' },
  run: async ({ apiKeys }, { principal }) => ({ data: { apiKeys: await apiKeys.list(principal.accountId) } }),
});

export const createApiKey = operation({
  name: 'createApiKey',
  access: SIGNED_IN,
  rateLimit: 'general',
  input: { body: requestSchema('CreateApiKeyRequest') },
  output: responseSchema('ApiKeyCreated'),
  errors: [],
  http: { method: 'POST', path: '/auth/api-keys', status: 201, bodyLimitBytes: AUTH_BODY_LIMIT_BYTES },
  docs: {
    tag,
    summary: 'Create an API key; the full key is in this answer only',
    description:
      'environment test gives sk_test_ keys (sandbox partition, 100 requests/hour), live gives sk_live_ keys. ' +
      'Without `scopes` the key gets every scope (read:businesses, write:businesses, read:bookings, write:bookings, ' +
      'read:analytics, read:reviews, write:reviews); name some to narrow it (at least one). The scopes are shown when keys are listed. ' +
      'Each operation of this document names the scope it requires; a key without it gets 403 FORBIDDEN naming the scope.',
    successDescription: 'The key, once.',
  },
  run: async ({ apiKeys }, { principal, input }) => {
    const { key, apiKey } = await apiKeys.create(principal.accountId, input.body);
    return unstored({ key, ...apiKey });
  },
});

export const revokeApiKey = operation({
  name: 'revokeApiKey',
  access: SIGNED_IN,
  rateLimit: 'general',
  input: { path: ['keyId'] },
  output: responseSchema('ApiKeyRevoked'),
  errors: ['NOT_FOUND'],
  http: { method: 'DELETE', path: '/auth/api-keys/{keyId}' },
  docs: { tag, summary: 'Revoke an API key; later use of it is 401', successDescription: 'Revoked.' },
  run: async ({ apiKeys }, { principal, input }) => {
    const revoked = await apiKeys.revoke(principal.accountId, input.path.keyId);
    return { data: { id: revoked.id, revoked: true as const, revokedAt: revoked.revokedAt } };
  },
});

export const AUTH_OPERATIONS = [register, login, refreshToken, listApiKeys, createApiKey, revokeApiKey];
