// Shapes of /oauth/clients and /oauth/authorizations answers (issue 20): services/oauth/clientService.ts.
import type { SchemaObject } from 'ajv';
import { SCOPES } from '../../domain/account';
import { AI_PLATFORMS } from '../endpoints/oauthClients';

const timestamp: SchemaObject = { type: 'string', format: 'date-time' };
const scopes: SchemaObject = { type: 'array', items: { type: 'string', enum: [...SCOPES] } };
const platform: SchemaObject = { type: 'string', enum: [...AI_PLATFORMS], description: 'The AI platform analytics attribute this app\'s calls to.' };

export const oauthClientSchema: SchemaObject = {
  type: 'object',
  required: ['clientId', 'name', 'type', 'redirectUris', 'scopes', 'createdAt'],
  properties: {
    clientId: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string', enum: ['confidential', 'public'], description: 'public: no secret, PKCE S256 required.' },
    redirectUris: { type: 'array', items: { type: 'string', format: 'uri' }, description: 'Compared exactly.' },
    scopes: { ...scopes, description: 'The scopes this app may ask for.' },
    platform,
    createdAt: timestamp,
  },
};

export const oauthClientWithSecretSchema: SchemaObject = {
  type: 'object',
  required: [...(oauthClientSchema.required as string[])],
  properties: {
    ...oauthClientSchema.properties,
    clientSecret: { type: 'string', description: 'Shown once, here; stored hashed. Absent for public clients.' },
  },
};

export const oauthClientListSchema: SchemaObject = { type: 'array', items: oauthClientSchema, description: 'The account\'s apps, without secrets.' };

export const oauthAuthorizationListSchema: SchemaObject = {
  type: 'array',
  description: 'Apps this account has allowed to act for it.',
  items: {
    type: 'object',
    required: ['clientId', 'name', 'scopes', 'authorizedAt'],
    properties: { clientId: { type: 'string' }, name: { type: 'string' }, platform, scopes: { ...scopes, description: 'What the account consented to.' }, authorizedAt: timestamp },
  },
};
