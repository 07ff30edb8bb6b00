// The transport-neutral input checks (schemas/check.ts) every adapter runs: defaults, coercion of
// query strings, the VALIDATION_ERROR's field and issue, and broken schemas refused at build time.
import { parse } from 'node:querystring';
import { ValidationError } from '../../../src/domain/errors';
import { assertValid, bodyChecker, queryChecker } from '../../../src/schemas/check';
import { consumerSearchBodySchema } from '../../../src/schemas/endpoints/consumerSearch';
import { directoryQuerySchema } from '../../../src/schemas/endpoints/directory';
import { updateProfileBodySchema } from '../../../src/schemas/endpoints/profile';

/** The field and issue a check refuses with. */
function refusal(run: () => unknown): { field?: string; issue?: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.details ?? {};
    throw error;
  }
  throw new Error('expected a VALIDATION_ERROR, but the value was accepted');
}

describe('bodyChecker', () => {
  const check = bodyChecker(consumerSearchBodySchema);

  it('gives the validated body with defaults', () => {
    expect(check({ query: 'ramen' })).toEqual({ query: 'ramen', limit: 10, offset: 0 });
  });
  it('refuses naming the field and issue', () => {
    expect(refusal(() => check({ query: 'ramen', location: { lat: 100, lon: 0 } }))).toEqual({ field: 'location.lat', issue: 'must be between -90 and 90' });
  });
  it('treats a missing body as a missing field named body', () => {
    expect(refusal(() => check(undefined))).toEqual({ field: 'body', issue: 'is required (send a JSON object)' });
  });
  it('refuses a JSON array body', () => {
    expect(refusal(() => check([{ query: 'x' }]))).toEqual({ field: 'body', issue: 'must be an object' });
  });
  it('fails when built, not per request, when a schema is broken', () => {
    expect(() => bodyChecker({ type: 'object', properties: { a: { type: 'strnig' } } })).toThrow();
    expect(() => bodyChecker({ type: 'object', notAKeyword: true })).toThrow(/unknown keyword/);
  });
});

describe('queryChecker', () => {
  const check = queryChecker(directoryQuerySchema);
  // Parsed as Koa parses a query string: a repeated name becomes an array.
  const query = (text: string) => parse(text) as Record<string, unknown>;

  it('coerces numbers and applies defaults', () => {
    expect(check(query('limit=7&category=cafes'))).toEqual({ limit: 7, offset: 0, category: 'cafes', sortBy: 'aiVisibilityScore', sortOrder: 'desc' });
  });
  it('refuses a bad parameter with its name', () => {
    expect(refusal(() => check(query('sortOrder=up')))).toEqual({ field: 'sortOrder', issue: 'must be one of asc, desc' });
  });
  it('refuses a repeated scalar parameter', () => {
    expect(refusal(() => check(query('limit=5&limit=6')))).toEqual({ field: 'limit', issue: 'is repeated (2 values); send it once' });
  });
  it('refuses invalid percent-encoded UTF-8 instead of searching for U+FFFD', () => {
    expect(refusal(() => check(query('category=%E9')))).toEqual({ field: 'category', issue: 'holds invalid percent-encoded UTF-8 (or U+FFFD, which it decodes to)' });
  });
});

describe('assertValid', () => {
  it('returns the value when it fits the schema', () => {
    const value = { name: 'Merged', status: 'published' };
    expect(assertValid(updateProfileBodySchema, value)).toBe(value);
  });
  it('throws a ValidationError for a merged result that breaks a rule', () => {
    expect(refusal(() => assertValid(updateProfileBodySchema, { contact: { website: 'http://x.example' } }))).toEqual({ field: 'contact.website', issue: 'must be an https URL' });
    expect(() => assertValid(updateProfileBodySchema, { contact: { website: 'http://x.example' } })).toThrow('contact.website: must be an https URL');
  });
});
