// Account, token and API key responses (spec 4.1, 5; issue 2).
import type { SchemaObject } from 'ajv';
import { PLANS, SCOPES } from '../../domain/account';
import { customLimitsSchema } from '../endpoints/admin';
import { aiPlatformSchema } from '../parts/aiPlatform';
import { timestampSchema } from './common';

export const accountSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'email', 'name', 'plan'],
  properties: {
    id: { type: 'string', description: 'acct_<id>' },
    email: { type: 'string' },
    name: { type: 'string' },
    plan: { type: 'string', enum: [...PLANS] },
    role: { type: 'string', enum: ['user', 'admin'] },
    suspended: { type: 'boolean' },
    partner: {
      type: 'boolean',
      deprecated: true,
      description: 'In admin answers only, read-only: whether a partnership agreement of the account is in force today (see /admin/partner-agreements).',
    },
    customLimits: customLimitsSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  },
};

export const tokenPairSchema: SchemaObject = {
  type: 'object',
  required: ['accessToken', 'expiresIn'],
  properties: {
    accessToken: { type: 'string', description: 'JWT; send as `Authorization: Bearer <token>`.' },
    refreshToken: { type: 'string', description: 'Opaque; rotated on every refresh. Presenting a used one revokes its whole family.' },
    expiresIn: { type: 'integer', const: 3600, description: 'Seconds until the access token expires (1 hour).' },
    tokenType: { type: 'string', const: 'Bearer' },
  },
};

export const apiKeySchema: SchemaObject = {
  type: 'object',
  required: ['id', 'name', 'environment', 'scopes', 'last4', 'createdAt'],
  properties: {
    id: { type: 'string', description: 'key_<id>' },
    name: { type: 'string' },
    environment: { type: 'string', enum: ['test', 'live'] },
    scopes: { type: 'array', items: { type: 'string', enum: [...SCOPES] } },
    prefix: { type: 'string', enum: ['sk_test_', 'sk_live_'] },
    last4: { type: 'string' },
    platform: { ...aiPlatformSchema, description: 'The AI platform calls with this key count under in analytics; absent: `direct` (unless X-AI-Platform says otherwise).' },
    createdAt: timestampSchema,
    lastUsedAt: timestampSchema,
    revokedAt: timestampSchema,
  },
};

/** The key record with the full secret beside it, in the creation answer only. */
export const apiKeyCreatedSchema: SchemaObject = {
  type: 'object',
  required: ['key', ...(apiKeySchema.required as string[])],
  properties: {
    key: { type: 'string', description: 'The full key, sk_test_ or sk_live_ + 32 or more base62 characters. Shown once only; stored as a hash.' },
    ...apiKeySchema.properties,
  },
};

export const apiKeyListSchema: SchemaObject = {
  type: 'object',
  required: ['apiKeys'],
  properties: { apiKeys: { type: 'array', items: apiKeySchema, description: 'Never includes the secret.' } },
};

export const apiKeyRevokedSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'revoked'],
  properties: { id: { type: 'string' }, revoked: { type: 'boolean', const: true }, revokedAt: timestampSchema },
};
