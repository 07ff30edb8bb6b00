// POST /auth/api-keys (spec 5.2).
import Type from 'typebox';
import { SCOPES } from '../../domain/account';
import { aiPlatformSchema } from '../parts/aiPlatform';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';

export const scopeSchema = stringEnum(SCOPES);

export const createApiKeyBodySchema = Type.Object(
  {
    name: text(100),
    environment: stringEnum(['test', 'live'], { description: 'test: sk_test_ key, sandbox data, 100 requests/hour. live: sk_live_ key, production data.' }),
    scopes: Type.Optional(Type.Array(scopeSchema, { maxItems: SCOPES.length, uniqueItems: true })),
    platform: Type.Optional(aiPlatformSchema),
  },
  { additionalProperties: false },
);
