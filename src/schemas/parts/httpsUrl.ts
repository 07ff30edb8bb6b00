import Type from 'typebox';

/**
 * An absolute https URL with a host. Plain http is refused: these links are shown to
 * consumers and fetched by reviewers. 2048 characters is the practical browser limit.
 */
export const httpsUrlSchema = Type.String({ maxLength: 2048, format: 'uri', pattern: '^https://[^/?#\\s]+', 'x-issue': 'must be an https URL' });
