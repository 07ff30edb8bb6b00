import { ValidationError } from '../../src/domain/errors';
import { ifMatchAllows, ifNoneMatchMatches } from '../../src/domain/entityTags';

describe('ifMatchAllows', () => {
  it('allows the current tag, alone or anywhere in a list', () => {
    expect(ifMatchAllows('"v11"', '"v11"')).toBe(true);
    expect(ifMatchAllows('"v0", "v11"', '"v11"')).toBe(true);
    expect(ifMatchAllows('"v11","v0"', '"v11"')).toBe(true);
    expect(ifMatchAllows('"v0", , "v11",', '"v11"')).toBe(true);
  });
  it('allows any revision with *', () => {
    expect(ifMatchAllows('*', '"v3"')).toBe(true);
    expect(ifMatchAllows(' * ', '"v3"')).toBe(true);
  });
  it('refuses other tags and, comparing strongly, a weak tag of the same revision', () => {
    expect(ifMatchAllows('"v1"', '"v11"')).toBe(false);
    expect(ifMatchAllows('"v0", "v1"', '"v11"')).toBe(false);
    expect(ifMatchAllows('W/"v11"', '"v11"')).toBe(false);
  });
  it('reads a tag sent without quotes as the quoted one', () => {
    expect(ifMatchAllows('v11', '"v11"')).toBe(true);
  });
  it('is a validation error naming the header when it holds no tag', () => {
    expect(() => ifMatchAllows(',', '"v1"')).toThrow(ValidationError);
    expect(() => ifMatchAllows('"unterminated', '"v1"')).toThrow(expect.objectContaining({ details: { field: 'If-Match', issue: expect.any(String) } }));
  });
});

describe('ifNoneMatchMatches', () => {
  it('matches the current tag weakly, in a list, or with *', () => {
    expect(ifNoneMatchMatches('"v4"', '"v4"')).toBe(true);
    expect(ifNoneMatchMatches('W/"v4"', '"v4"')).toBe(true);
    expect(ifNoneMatchMatches('"v1", W/"v4"', '"v4"')).toBe(true);
    expect(ifNoneMatchMatches('*', '"v4"')).toBe(true);
  });
  it('does not match an older revision', () => {
    expect(ifNoneMatchMatches('"v3"', '"v4"')).toBe(false);
  });
});

describe('the length bound both headers share (256 characters, stated in OpenAPI)', () => {
  // 36 tags of '"v1234",' (8 characters each) = 288 characters; 32 of them = 256.
  const tags = (count: number) => Array.from({ length: count }, () => '"v1234"').join(',') + ',';
  it('reads a list of exactly 256 characters', () => {
    expect(tags(32)).toHaveLength(256);
    expect(ifMatchAllows(tags(32), '"v1234"')).toBe(true);
    expect(ifNoneMatchMatches(tags(32), '"v1234"')).toBe(true);
  });
  it('refuses a longer one naming the header', () => {
    expect(tags(36)).toHaveLength(288);
    expect(() => ifMatchAllows(tags(36), '"v1234"')).toThrow(ValidationError);
    expect(() => ifNoneMatchMatches(tags(36), '"v1234"')).toThrow('If-None-Match: must be at most 256 characters');
  });
});
