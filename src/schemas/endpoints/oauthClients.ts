// POST /oauth/clients: an app registered by a signed-in account.
import Type, { type Static } from 'typebox';
import { SCOPES } from '../../domain/account';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';
import { scopeSchema } from './apiKeys';

export const AI_PLATFORMS = ['chatgpt', 'claude', 'gemini', 'perplexity', 'copilot', 'meta_ai', 'other'] as const;
export type AiPlatform = (typeof AI_PLATFORMS)[number];

export const createOAuthClientBodySchema = Type.Object(
  {
    name: text(100),
    redirectUris: Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), {
      minItems: 1,
      maxItems: 10,
      uniqueItems: true,
      description: 'Exact redirect URIs: https, or http only for localhost and 127.0.0.1. No fragment.',
    }),
    type: stringEnum(['confidential', 'public'], {
      description: 'confidential: a server holding the client secret. public: a browser or native app (no secret, PKCE S256 required).',
    }),
    scopes: Type.Optional(Type.Array(scopeSchema, { minItems: 1, maxItems: SCOPES.length, uniqueItems: true, description: 'Scopes the app may ask for (default: all).' })),
    platform: Type.Optional(stringEnum(AI_PLATFORMS, { description: 'The AI platform this app is, for analytics attribution.' })),
  },
  { additionalProperties: false },
);

export type CreateOAuthClientBody = Static<typeof createOAuthClientBodySchema>;
