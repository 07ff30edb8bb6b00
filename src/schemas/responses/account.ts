// Account, token and API key responses (spec 4.1, 5).
import Type from 'typebox';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../domain/accessToken';
import { PLANS, SCOPES } from '../../domain/account';
import { customLimitsSchema } from '../endpoints/admin';
import { aiPlatformSchema } from '../parts/aiPlatform';
import { stringEnum } from '../parts/stringEnum';
import { timestampSchema } from './common';

export const accountSchema = Type.Object({
  id: Type.String({ description: 'acct_<id>' }),
  email: Type.String(),
  name: Type.String(),
  plan: stringEnum(PLANS),
  role: Type.Optional(stringEnum(['user', 'admin'])),
  suspended: Type.Optional(Type.Boolean()),
  partner: Type.Optional(
    Type.Boolean({
      deprecated: true,
      description: 'In admin answers only, read-only: whether a partnership agreement of the account is in force today (see /admin/partner-agreements).',
    }),
  ),
  customLimits: Type.Optional(customLimitsSchema),
  createdAt: Type.Optional(timestampSchema),
  updatedAt: Type.Optional(timestampSchema),
});

export const tokenPairSchema = Type.Object({
  accessToken: Type.String({ description: 'JWT; send as `Authorization: Bearer <token>`.' }),
  refreshToken: Type.Optional(Type.String({ description: 'Opaque; rotated on every refresh. Presenting a used one revokes its whole family.' })),
  expiresIn: Type.Literal(ACCESS_TOKEN_TTL_SECONDS, { type: 'integer', description: 'Seconds until the access token expires (1 hour).' }),
  tokenType: Type.Optional(Type.Literal('Bearer', { type: 'string' })),
});

const apiKeyProperties = {
  id: Type.String({ description: 'key_<id>' }),
  name: Type.String(),
  environment: stringEnum(['test', 'live']),
  scopes: Type.Array(stringEnum(SCOPES)),
  prefix: Type.Optional(stringEnum(['sk_test_', 'sk_live_'])),
  last4: Type.String(),
  platform: Type.Optional({ ...aiPlatformSchema, description: 'The AI platform calls with this key count under in analytics; absent: `direct` (unless X-AI-Platform says otherwise).' }),
  createdAt: timestampSchema,
  lastUsedAt: Type.Optional(timestampSchema),
  revokedAt: Type.Optional(timestampSchema),
};

export const apiKeySchema = Type.Object(apiKeyProperties);

/** The key record with the full secret beside it, in the creation answer only. */
export const apiKeyCreatedSchema = Type.Object({
  key: Type.String({ description: 'The full key, sk_test_ or sk_live_ + 32 or more base62 characters. Shown once only; stored as a hash.' }),
  ...apiKeyProperties,
});

export const apiKeyListSchema = Type.Object({ apiKeys: Type.Array(apiKeySchema, { description: 'Never includes the secret.' }) });

export const apiKeyRevokedSchema = Type.Object({ id: Type.String(), revoked: Type.Literal(true, { type: 'boolean' }), revokedAt: Type.Optional(timestampSchema) });
