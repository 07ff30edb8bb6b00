// The text rules of src/schemas/parts/text.ts, written once for the three variants.
const CONTROLS = '\\u0000-\\u001F\\u007F-\\u009F';
const BIDI = '\\u202A-\\u202E\\u2066-\\u2069';
const SINGLE = `^[^${CONTROLS}\\u2028\\u2029${BIDI}]*$`;
const MULTI = `^(?:[^${CONTROLS}\\u2028\\u2029${BIDI}]|\\n|\\r\\n|\\t)*$`;
export const VISIBLE = `[^\\s${CONTROLS}\\p{Cf}\\p{M}\\u115F\\u1160\\u3164\\uFFA0\\u2800]`;
export const VISIBLE_PLAIN = `[^\\s${CONTROLS}\\u115F\\u1160\\u3164\\uFFA0\\u2800]`;
export const BLANK_NOTE = 'Must hold a visible character: white space, format characters (U+200B...) and combining marks alone are blank (x-unicodePattern is the exact rule).';
export const RULES = {
  single: { pattern: SINGLE, issue: 'must be one line of text without control or bidirectional override characters' },
  multi: { pattern: MULTI, issue: 'must not contain control or bidirectional override characters (line breaks and tabs are allowed)' },
};
