// Conditional requests (RFC 9110 13.1). If-Match and If-None-Match carry "*" or a comma-separated
// list of entity tags. If-Match compares strongly (a weak W/"v3" never matches); If-None-Match
// compares weakly, so W/"v3" and "v3" are the same revision for a cache.
import { ValidationError } from './errors';

interface EntityTag {
  weak: boolean;
  opaque: string;
}

// A quoted tag, optionally W/-prefixed; a bare token is read as its quoted form, since clients
// that drop the quotes ("If-Match: v3") mean the same revision.
const ELEMENT = /(W\/)?"([^"]*)"|([^\s,"]+)/g;

/** If-Match and If-None-Match hold a few short tags; a longer header is refused, not scanned (OpenAPI states the bound). */
export const MAX_ENTITY_TAG_HEADER_LENGTH = 256;

/** "*" or the tags of a header; throws naming the header when it holds anything but tags and commas. */
function parse(header: string, name: string): '*' | EntityTag[] {
  if (header.length > MAX_ENTITY_TAG_HEADER_LENGTH) throw new ValidationError(name, `must be at most ${MAX_ENTITY_TAG_HEADER_LENGTH} characters`);
  const matches = [...header.matchAll(ELEMENT)];
  // Empty list elements (", ,") are allowed (RFC 9110 5.6.1); anything else left over is not.
  if (matches.length === 0 || /[^\s,]/.test(header.replace(ELEMENT, ''))) {
    throw new ValidationError(name, 'must be * or a comma-separated list of ETags such as "v3"');
  }
  if (matches.some((match) => match[3] === '*')) return '*';
  return matches.map((match) => {
    // Only the groups of the alternative that matched are defined.
    const [, weak, opaque, strong] = match as (string | undefined)[];
    return strong !== undefined ? { weak: false, opaque: strong } : { weak: weak !== undefined, opaque: opaque! };
  });
}

function opaqueOf(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"|"$/g, '');
}

/** Whether an If-Match header lets a write proceed on the revision tagged `current`. */
export function ifMatchAllows(header: string, current: string): boolean {
  const tags = parse(header, 'If-Match');
  return tags === '*' || tags.some((tag) => !tag.weak && tag.opaque === opaqueOf(current));
}

/** Whether an If-None-Match header names the revision tagged `current` (a GET then answers 304). */
export function ifNoneMatchMatches(header: string, current: string): boolean {
  const tags = parse(header, 'If-None-Match');
  return tags === '*' || tags.some((tag) => tag.opaque === opaqueOf(current));
}
