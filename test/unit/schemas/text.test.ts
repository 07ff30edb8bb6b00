// Text fields (src/schemas/parts/text.ts): single-line fields refuse control, line-break and
// bidi override characters; prose keeps line breaks and tabs; blank includes invisible characters.
import { registerBodySchema } from '../../../src/schemas/endpoints/auth';
import { createProfileBodySchema } from '../../../src/schemas/endpoints/profile';
import { createServiceBodySchema } from '../../../src/schemas/endpoints/services';
import { updateExclusiveContentBodySchema } from '../../../src/schemas/endpoints/exclusiveContent';
import { text } from '../../../src/schemas/parts/text';
import { bodyIssue, validBody } from './expectIssue';

const SINGLE_LINE_ISSUE = 'must be one line of text without control or bidirectional override characters';
const PROSE_ISSUE = 'must not contain control or bidirectional override characters (line breaks and tabs are allowed)';
const profile = (fields: Record<string, unknown>) => ({ name: 'Cafe', category: 'cafes', ...fields });

describe('single-line text', () => {
  it.each([
    ['a NUL byte', 'Nul\u0000Byte'],
    ['a line break', 'Line\nBreak'],
    ['a tab', 'Tab\tName'],
    ['DEL', 'Del\u007F'],
    ['a C1 control', 'C1\u0085next'],
    ['a right-to-left override', 'abc\u202Egnp.exe'],
    ['a left-to-right embedding', '\u202Aabc'],
    ['an isolate', 'abc\u2067def\u2069'],
    ['a line separator', 'one\u2028two'],
  ])('refuses %s in a profile name', (_label, name) => {
    expect(bodyIssue(createProfileBodySchema, profile({ name }))).toEqual({ field: 'name', issue: SINGLE_LINE_ISSUE });
  });

  it('applies to the tagline, category and address parts too', () => {
    expect(bodyIssue(createProfileBodySchema, profile({ tagline: 'a\nb' })).field).toBe('tagline');
    expect(bodyIssue(createProfileBodySchema, profile({ category: 'caf\u0000es' })).field).toBe('category');
    expect(bodyIssue(createProfileBodySchema, profile({ location: { address: { city: 'Aus\u202Etin' } } })).field).toBe('location.address.city');
  });

  it('accepts accents, CJK, emoji and the right-to-left marks Hebrew and Arabic names need', () => {
    for (const name of ['Café Noir', '東京ラーメン', 'Tacos 🌮', 'שלום\u200F 2', 'مطعم\u061C 1']) {
      expect(validBody(createProfileBodySchema, profile({ name })).name).toBe(name);
    }
  });
});

describe('blank', () => {
  it.each([
    ['spaces', '   '],
    ['zero-width spaces', '\u200B\u200B'],
    ['a zero-width joiner and a BOM', '\u200D\uFEFF'],
    ['a Hangul filler', '\u3164'],
    ['a lone combining accent', '\u0301'],
    ['no-break spaces', '\u00A0\u3000'],
  ])('treats %s as blank', (_label, name) => {
    expect(bodyIssue(createProfileBodySchema, profile({ name }))).toEqual({ field: 'name', issue: 'must not be blank' });
  });

  it('still says "must not be empty" for an empty string', () => {
    expect(bodyIssue(createProfileBodySchema, profile({ name: '' }))).toEqual({ field: 'name', issue: 'must not be empty' });
  });
});

describe('prose (multi-line) text', () => {
  it('keeps line breaks and tabs in a profile description, a service description and exclusive content', () => {
    const prose = 'First paragraph.\n\nSecond,\tindented.\r\nThird.';
    expect(validBody(createProfileBodySchema, profile({ description: prose })).description).toBe(prose);
    expect(validBody(createServiceBodySchema, { name: 'Cut', description: prose }).description).toBe(prose);
    expect(validBody(updateExclusiveContentBodySchema, { insiderTips: prose }).insiderTips).toBe(prose);
  });

  it('refuses other controls and bidi overrides in prose', () => {
    expect(bodyIssue(createProfileBodySchema, profile({ description: 'Bell\u0007' }))).toEqual({ field: 'description', issue: PROSE_ISSUE });
    expect(bodyIssue(createServiceBodySchema, { name: 'Cut', description: 'a\u202Eb' })).toEqual({ field: 'description', issue: PROSE_ISSUE });
    expect(bodyIssue(updateExclusiveContentBodySchema, { insiderTips: 'lone\rreturn' })).toEqual({ field: 'insiderTips', issue: PROSE_ISSUE });
  });

  it('treats line breaks alone as blank', () => {
    expect(bodyIssue(createProfileBodySchema, profile({ description: '\n\n\t' }))).toEqual({ field: 'description', issue: 'must not be blank' });
  });

  it('is single-line unless the field says it is prose', () => {
    expect(text(5000).pattern).toBe(text(5000, 1, 'single').pattern);
    expect(text(5000, 1, 'multi').pattern).not.toBe(text(5000).pattern);
  });
});

describe('passwords', () => {
  it('refuses a password of only spaces, and accepts one with spaces inside', () => {
    const account = { email: 'a@example.com', name: 'Ada' };
    expect(bodyIssue(registerBodySchema, { ...account, password: ' '.repeat(10) })).toEqual({ field: 'password', issue: 'must contain characters other than spaces' });
    expect(validBody(registerBodySchema, { ...account, password: 'correct horse battery' }).password).toBe('correct horse battery');
  });
});
