// POST /admin/analytics-platforms.
import Type from 'typebox';
import { PLATFORM_NAME } from '../../domain/analytics/aiPlatform';
import { text } from '../parts/text';

export const registerPlatformBodySchema = Type.Object(
  {
    name: Type.String({
      maxLength: 32,
      pattern: PLATFORM_NAME.source,
      'x-issue': 'must be 2-32 lower-case letters, digits or underscores, starting with a letter',
      description: 'The value clients send (API key `platform`, X-AI-Platform, ingested `platform`). Not a built-in name, not `direct`.',
    }),
    displayName: Type.Optional({ ...text(60), description: 'Shown in listings; defaults to the name.' }),
  },
  { additionalProperties: false },
);
