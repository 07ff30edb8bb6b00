// The OAuth 2.0 protocol endpoints as oidc-provider serves them: form-encoded requests
// (RFC 6749 section 4.1.3 and 6, RFC 7009, RFC 7662) and their JSON answers, for the OpenAPI
// document only: the provider itself checks these requests, so no validator compiles them.
import type { SchemaObject } from 'ajv';

const clientCredentials: Record<string, SchemaObject> = {
  client_id: { type: 'string', description: 'With client_secret (client_secret_post), or alone for a public client; else use HTTP Basic.' },
  client_secret: { type: 'string', description: 'client_secret_post; HTTP Basic is the registered method and preferred.' },
};

const authorizationCodeGrant: SchemaObject = {
  type: 'object',
  title: 'authorization_code',
  required: ['grant_type', 'code', 'redirect_uri'],
  properties: {
    grant_type: { type: 'string', const: 'authorization_code' },
    code: { type: 'string', description: 'From the redirect to the app; valid 10 minutes, once (a replay revokes what it issued).' },
    redirect_uri: { type: 'string', description: 'The redirect_uri of the authorization request, exactly (RFC 6749 section 4.1.3).' },
    code_verifier: { type: 'string', description: 'PKCE (RFC 7636): required when the authorization request had a code_challenge, which public clients must send.' },
    resource: { type: 'string', description: 'RFC 8707; the only resource is this API, `{AUTH_URL}/v1`, the default.' },
    ...clientCredentials,
  },
};

const refreshTokenGrant: SchemaObject = {
  type: 'object',
  title: 'refresh_token',
  required: ['grant_type', 'refresh_token'],
  properties: {
    grant_type: { type: 'string', const: 'refresh_token' },
    refresh_token: { type: 'string', description: 'Rotated: each use answers a new one and spends this one.' },
    scope: { type: 'string', description: 'Space-separated; at most the scopes consented to (more is invalid_scope).' },
    resource: { type: 'string', description: 'RFC 8707; the only resource is this API.' },
    ...clientCredentials,
  },
};

export const oauthTokenRequestSchema: SchemaObject = {
  type: 'object',
  required: ['grant_type'],
  discriminator: { propertyName: 'grant_type' },
  oneOf: [authorizationCodeGrant, refreshTokenGrant],
};

export const oauthTokenResponseSchema: SchemaObject = {
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in'],
  properties: {
    access_token: { type: 'string', description: 'Opaque; send it as `Authorization: Bearer ...` to /v1.' },
    token_type: { type: 'string', const: 'Bearer' },
    expires_in: { type: 'integer', description: 'Seconds (3600).' },
    scope: { type: 'string', description: 'The API scopes granted, space-separated.' },
    refresh_token: { type: 'string', description: 'Valid 30 days; rotated on each use.' },
    id_token: { type: 'string', description: 'When openid was asked for: an ES256 JWT whose sub is the user\'s account id.' },
  },
};

const tokenParameters: Record<string, SchemaObject> = {
  token: { type: 'string', description: 'An access or refresh token.' },
  token_type_hint: { type: 'string', enum: ['access_token', 'refresh_token'], description: 'Where to look first; the other kind is tried too.' },
  ...clientCredentials,
};

export const oauthRevocationRequestSchema: SchemaObject = { type: 'object', required: ['token'], properties: tokenParameters };

export const oauthIntrospectionRequestSchema: SchemaObject = { type: 'object', required: ['token'], properties: tokenParameters };

export const oauthIntrospectionSchema: SchemaObject = {
  type: 'object',
  required: ['active'],
  description:
    'RFC 7662. `active: false` alone for a token that is unknown, expired or revoked, and for one the caller may not see: ' +
    'a client sees its own tokens only, the resource servers named in OAUTH_INTROSPECTION_CLIENT_IDS every token.',
  properties: {
    active: { type: 'boolean' },
    client_id: { type: 'string' },
    sub: { type: 'string', description: 'The account id of the user who allowed the app.' },
    scope: { type: 'string' },
    token_type: { type: 'string', enum: ['Bearer', 'refresh_token'] },
    exp: { type: 'integer' },
    iat: { type: 'integer' },
    iss: { type: 'string' },
    aud: { type: 'string' },
    jti: { type: 'string' },
  },
};

export const oauthErrorSchema: SchemaObject = {
  type: 'object',
  required: ['error'],
  description: 'RFC 6749 section 5.2 (not the envelope).',
  properties: {
    error: {
      type: 'string',
      enum: ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'invalid_target', 'unsupported_token_type'],
    },
    error_description: { type: 'string' },
  },
};
