// POST /oauth/clients (issue 20): an app registered by a signed-in account.
import type { SchemaObject } from 'ajv';
import { SCOPES, type Scope } from '../../domain/account';
import { text } from '../parts/text';
import { scopeSchema } from './apiKeys';

export const AI_PLATFORMS = ['chatgpt', 'claude', 'gemini', 'perplexity', 'copilot', 'meta_ai', 'other'] as const;
export type AiPlatform = (typeof AI_PLATFORMS)[number];

export const createOAuthClientBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'redirectUris', 'type'],
  properties: {
    name: text(100),
    redirectUris: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 2000 },
      description: 'Exact redirect URIs: https, or http only for localhost and 127.0.0.1. No fragment.',
    },
    type: {
      type: 'string',
      enum: ['confidential', 'public'],
      description: 'confidential: a server holding the client secret. public: a browser or native app (no secret, PKCE S256 required).',
    },
    scopes: { type: 'array', minItems: 1, maxItems: SCOPES.length, uniqueItems: true, items: scopeSchema, description: 'Scopes the app may ask for (default: all).' },
    platform: { type: 'string', enum: [...AI_PLATFORMS], description: 'The AI platform this app is, for analytics attribution.' },
  },
};

export interface CreateOAuthClientBody {
  name: string;
  redirectUris: string[];
  type: 'confidential' | 'public';
  scopes?: Scope[];
  platform?: AiPlatform;
}
