// /oauth/clients (apps an account registers) and /oauth/authorizations (apps it allowed), issue
// 20. Managed only by a person signed in (JWT), like API keys. The protocol endpoints (token,
// revoke, introspect, the sign-in and consent pages) are oidc-provider's, not operations:
// token, revoke and introspect are documented in openapi/paths/oauthProtocol.ts.
import { SIGNED_IN } from '../core/operation';
import { NotFoundError } from '../domain/errors';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import type { OAuthClientService } from '../services/oauth/clientService';
import type { AppServices } from './appServices';
import { operation } from './declare';

const tag = 'OAuth apps';
const SIGNED_IN_ONLY = 'A person signed in (JWT from /auth/login) only: API keys and OAuth tokens are refused.';

/** The app settings exist where the OAuth server is served (app.ts: deps.oauth, always so from AUTH_URL in a deployment). */
function clientsOf({ oauthClients }: AppServices): OAuthClientService {
  if (!oauthClients) throw new NotFoundError('This server does not serve OAuth');
  return oauthClients;
}

export const registerOAuthClient = operation({
  name: 'registerOAuthClient',
  access: SIGNED_IN,
  rateLimit: 'general',
  // No Idempotency-Key: the answer holds the secret, which is never stored in clear to replay.
  input: { body: requestSchema('CreateOAuthClientRequest') },
  output: responseSchema('OAuthClientWithSecret'),
  errors: [],
  http: { method: 'POST', path: '/oauth/clients', status: 201 },
  docs: {
    tag,
    summary: 'Register an app that will act for users with OAuth 2.0',
    description: `${SIGNED_IN_ONLY} redirectUris are exact https URIs (http only for localhost and 127.0.0.1, no fragment). The secret is shown once.`,
    successDescription: 'The app with its clientSecret (confidential apps only).',
  },
  run: async (services, { principal, input }) => ({ data: await clientsOf(services).register(principal.accountId, input.body) }),
});

export const listOAuthClients = operation({
  name: 'listOAuthClients',
  access: SIGNED_IN,
  rateLimit: 'general',
  input: {},
  output: responseSchema('OAuthClientList'),
  errors: [],
  http: { method: 'GET', path: '/oauth/clients' },
  docs: { tag, summary: 'The apps this account registered', description: SIGNED_IN_ONLY, successDescription: 'Newest first, without secrets.' },
  run: async (services, { principal }) => ({ data: await clientsOf(services).list(principal.accountId) }),
});

export const getOAuthClient = operation({
  name: 'getOAuthClient',
  access: SIGNED_IN,
  rateLimit: 'general',
  input: { path: ['clientId'] },
  output: responseSchema('OAuthClient'),
  errors: ['NOT_FOUND'],
  http: { method: 'GET', path: '/oauth/clients/{clientId}' },
  docs: {
    tag,
    summary: 'One of this account\'s apps',
    description: `${SIGNED_IN_ONLY} Another account's app is 404.`,
    successDescription: 'The app, without its secret.',
  },
  run: async (services, { principal, input }) => ({ data: await clientsOf(services).get(principal.accountId, input.path.clientId) }),
});

export const deleteOAuthClient = operation({
  name: 'deleteOAuthClient',
  access: SIGNED_IN,
  rateLimit: 'general',
  input: { path: ['clientId'] },
  errors: ['NOT_FOUND'],
  http: { method: 'DELETE', path: '/oauth/clients/{clientId}', status: 204 },
  docs: {
    tag,
    summary: 'Delete an app: its grants and every token it holds are revoked',
    description: SIGNED_IN_ONLY,
    successDescription: 'Deleted.',
  },
  run: async (services, { principal, input }) => {
    await clientsOf(services).remove(principal.accountId, input.path.clientId);
    return { data: undefined };
  },
});

export const rotateOAuthClientSecret = operation({
  name: 'rotateOAuthClientSecret',
  access: SIGNED_IN,
  rateLimit: 'general',
  input: { path: ['clientId'] },
  output: responseSchema('OAuthClientWithSecret'),
  errors: ['NOT_FOUND'],
  http: { method: 'POST', path: '/oauth/clients/{clientId}/rotate-secret' },
  docs: {
    tag,
    summary: 'Replace a confidential app\'s secret (the old one stops working at once)',
    description: SIGNED_IN_ONLY,
    successDescription: 'The app with its new clientSecret, shown once.',
  },
  run: async (services, { principal, input }) => ({ data: await clientsOf(services).rotateSecret(principal.accountId, input.path.clientId) }),
});

export const listOAuthAuthorizations = operation({
  name: 'listOAuthAuthorizations',
  access: SIGNED_IN,
  rateLimit: 'general',
  input: {},
  output: responseSchema('OAuthAuthorizationList'),
  errors: [],
  http: { method: 'GET', path: '/oauth/authorizations' },
  docs: { tag, summary: 'The apps this account has allowed, with the scopes it consented to', description: SIGNED_IN_ONLY, successDescription: 'One entry per app.' },
  run: async (services, { principal }) => ({ data: await clientsOf(services).authorizations(principal.accountId) }),
});

export const revokeOAuthAuthorization = operation({
  name: 'revokeOAuthAuthorization',
  access: SIGNED_IN,
  rateLimit: 'general',
  input: { path: ['clientId'] },
  errors: ['NOT_FOUND'],
  http: { method: 'DELETE', path: '/oauth/authorizations/{clientId}', status: 204 },
  docs: {
    tag,
    summary: 'Withdraw an app\'s access: its grant and tokens for this account are revoked',
    description: SIGNED_IN_ONLY,
    successDescription: 'Revoked.',
  },
  run: async (services, { principal, input }) => {
    await clientsOf(services).revokeAuthorization(principal.accountId, input.path.clientId);
    return { data: undefined };
  },
});

export const OAUTH_CLIENT_OPERATIONS = [
  registerOAuthClient,
  listOAuthClients,
  getOAuthClient,
  deleteOAuthClient,
  rotateOAuthClientSecret,
  listOAuthAuthorizations,
  revokeOAuthAuthorization,
];
