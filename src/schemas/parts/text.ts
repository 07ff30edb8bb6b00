import type { SchemaObject } from 'ajv';

/** single: a name, city, tagline; multi: prose that may hold line breaks and tabs. */
export type TextLines = 'single' | 'multi';

// Bidi embeddings/overrides (U+202A-U+202E) and isolates (U+2066-U+2069) make text display in
// another order than it is stored ("abc\u202Egnp.exe" shows as "abcexe.png"). The marks
// LRM/RLM/ALM stay allowed: right-to-left names need them. Patterns run with ajv's `u` flag.
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
// C0, DEL and C1 controls (\p{Cc}, which includes \n and \t) and the Unicode line/paragraph separators.
const SINGLE_LINE = `^[^\\p{Cc}\\u2028\\u2029${BIDI_CONTROLS}]*$`;
const MULTI_LINE = `^(?:[^\\p{Cc}\\u2028\\u2029${BIDI_CONTROLS}]|\\n|\\r\\n|\\t)*$`;
// Blank = only white space, format characters (zero-width space/joiners, BOM, soft hyphen...),
// combining marks and the Hangul/braille fillers that render as nothing.
const VISIBLE = '[^\\s\\p{Cc}\\p{Cf}\\p{M}\\u115F\\u1160\\u3164\\uFFA0\\u2800]';

const LINE_RULES: Record<TextLines, { pattern: string; issue: string }> = {
  single: { pattern: SINGLE_LINE, issue: 'must be one line of text without control or bidirectional override characters' },
  multi: { pattern: MULTI_LINE, issue: 'must not contain control or bidirectional override characters (line breaks and tabs are allowed)' },
};

/**
 * A human-readable string with bounded length. With minLength >= 1 it must also hold one
 * visible character, so "   " or "\u200B\u200B" is not accepted as a name.
 */
export function text(maxLength: number, minLength = 1, lines: TextLines = 'single'): SchemaObject {
  const rule = LINE_RULES[lines];
  const schema: SchemaObject = { type: 'string', maxLength, pattern: rule.pattern, 'x-issue': rule.issue };
  if (minLength === 0) return schema;
  // minLength again inside: ajv runs allOf first, and "" should read "must not be empty".
  return { ...schema, minLength, allOf: [{ type: 'string', minLength, maxLength, pattern: VISIBLE, 'x-issue': 'must not be blank' }] };
}
