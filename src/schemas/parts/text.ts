import Type, { type TUnsafe } from 'typebox';

/** single: a name, city, tagline; multi: prose that may hold line breaks and tabs. */
export type TextLines = 'single' | 'multi';

// Bidi embeddings/overrides (U+202A-U+202E) and isolates (U+2066-U+2069) make text display in
// another order than it is stored ("abc\u202Egnp.exe" shows as "abcexe.png"). The marks
// LRM/RLM/ALM stay allowed: right-to-left names need them. Patterns run with ajv's `u` flag.
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
// C0, DEL and C1 controls (exactly Unicode's Cc, which includes \n and \t) and the Unicode
// line/paragraph separators. Written as ranges, not \p{Cc}: OpenAPI tools (schemathesis) cannot
// generate data for Unicode property escapes, and this set is fixed.
const CONTROLS = '\\u0000-\\u001F\\u007F-\\u009F';
const SINGLE_LINE = `^[^${CONTROLS}\\u2028\\u2029${BIDI_CONTROLS}]*$`;
const MULTI_LINE = `^(?:[^${CONTROLS}\\u2028\\u2029${BIDI_CONTROLS}]|\\n|\\r\\n|\\t)*$`;
// Blank = only white space, format characters (zero-width space/joiners, BOM, soft hyphen...),
// combining marks and the Hangul/braille fillers that render as nothing.
// The exact rule needs \p{Cf} and \p{M} (x-unicodePattern); `pattern` is the same class without
// them, which OpenAPI tools can generate data for.
const VISIBLE = `[^\\s${CONTROLS}\\p{Cf}\\p{M}\\u115F\\u1160\\u3164\\uFFA0\\u2800]`;
const VISIBLE_WITHOUT_PROPERTIES = `[^\\s${CONTROLS}\\u115F\\u1160\\u3164\\uFFA0\\u2800]`;
const BLANK_NOTE = 'Must hold a visible character: white space, format characters (U+200B...) and combining marks alone are blank (x-unicodePattern is the exact rule).';

const LINE_RULES: Record<TextLines, { pattern: string; issue: string }> = {
  single: { pattern: SINGLE_LINE, issue: 'must be one line of text without control or bidirectional override characters' },
  multi: { pattern: MULTI_LINE, issue: 'must not contain control or bidirectional override characters (line breaks and tabs are allowed)' },
};

/**
 * A human-readable string with bounded length. With minLength >= 1 it must also hold one
 * visible character, so "   " or "\u200B\u200B" is not accepted as a name.
 */
/** A string schema whose keys are its own (Type.Unsafe keeps them as written). */
export type TextSchema = TUnsafe<string> & { type: 'string'; maxLength: number; pattern: string; minLength?: number };

export function text(maxLength: number, minLength = 1, lines: TextLines = 'single'): TextSchema {
  const rule = LINE_RULES[lines];
  const schema = { type: 'string', maxLength, pattern: rule.pattern, 'x-issue': rule.issue };
  if (minLength === 0) return Type.Unsafe<string>(schema) as TextSchema;
  // minLength again inside: ajv runs allOf first, and "" should read "must not be empty".
  const visible = { type: 'string', minLength, maxLength, pattern: VISIBLE_WITHOUT_PROPERTIES, 'x-unicodePattern': VISIBLE, description: BLANK_NOTE, 'x-issue': 'must not be blank' };
  return Type.Unsafe<string>({ ...schema, minLength, allOf: [visible] }) as TextSchema;
}
