import type { SchemaObject } from 'ajv';

/**
 * A human-readable string with bounded length. With minLength >= 1 it must also hold one
 * visible character, so "   " is not accepted as a name.
 */
export function text(maxLength: number, minLength = 1): SchemaObject {
  if (minLength === 0) return { type: 'string', maxLength };
  return { type: 'string', minLength, maxLength, pattern: '\\S', 'x-issue': 'must not be blank' };
}
