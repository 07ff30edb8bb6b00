// POST /admin/analytics-platforms (issue 18).
import type { SchemaObject } from 'ajv';
import { PLATFORM_NAME } from '../../domain/analytics/aiPlatform';
import { text } from '../parts/text';

export const registerPlatformBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: {
      type: 'string',
      maxLength: 32,
      pattern: PLATFORM_NAME.source,
      'x-issue': 'must be 2-32 lower-case letters, digits or underscores, starting with a letter',
      description: 'The value clients send (API key `platform`, X-AI-Platform, ingested `platform`). Not a built-in name, not `direct`.',
    },
    displayName: { ...text(60), description: 'Shown in listings; defaults to the name.' },
  },
};
