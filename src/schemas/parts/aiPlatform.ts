// An AI platform name, as a request field or header and in answers.
import Type from 'typebox';
import { BUILT_IN_PLATFORMS, DIRECT_PLATFORM } from '../../domain/analytics/analyticsEvent';

export const AI_PLATFORM_DESCRIPTION =
  `The AI assistant the traffic comes from, for analytics. Built in: ${BUILT_IN_PLATFORMS.map((name) => `\`${name}\``).join(', ')}; ` +
  'an administrator may register more (GET /admin/analytics-platforms lists them). Case-insensitive, stored lower-case. ' +
  `An unknown name is 400 VALIDATION_ERROR. Calls with no declared platform count as \`${DIRECT_PLATFORM}\`.`;

// The list is open (admins add names), so the schema checks the form and the service the name.
export const aiPlatformSchema = Type.String({ minLength: 2, maxLength: 32, description: AI_PLATFORM_DESCRIPTION, examples: [...BUILT_IN_PLATFORMS] });
