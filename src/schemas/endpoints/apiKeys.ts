// POST /auth/api-keys (spec 5.2, issue 2).
import type { SchemaObject } from 'ajv';
import { SCOPES, type Scope } from '../../domain/account';
import type { Environment } from '../../domain/profile';
import { aiPlatformSchema } from '../parts/aiPlatform';
import { text } from '../parts/text';

export const scopeSchema: SchemaObject = { type: 'string', enum: [...SCOPES] };

export const createApiKeyBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'environment'],
  properties: {
    name: text(100),
    environment: {
      type: 'string',
      enum: ['test', 'live'],
      description: 'test: sk_test_ key, sandbox data, 100 requests/hour. live: sk_live_ key, production data.',
    },
    scopes: { type: 'array', maxItems: SCOPES.length, uniqueItems: true, items: scopeSchema },
    platform: aiPlatformSchema,
  },
};

export interface CreateApiKeyBody {
  name: string;
  environment: Environment;
  scopes?: Scope[];
  platform?: string;
}
