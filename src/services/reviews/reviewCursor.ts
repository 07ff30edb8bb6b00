// The `cursor` of the reviews list: the last review's position in the page's sort order, opaque to
// clients. A cursor is bound to its sort: reused with another sort it is a 400, never a wrong page.
import { ValidationError } from '../../domain/errors';
import type { ReviewPosition, ReviewSort } from '../../domain/reviews/review';

export function encodeReviewCursor(position: ReviewPosition, sort: ReviewSort): string {
  return Buffer.from(JSON.stringify([sort, position.rating, position.createdAt, position.id])).toString('base64url');
}

export function decodeReviewCursor(cursor: string | undefined, sort: ReviewSort): ReviewPosition | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === 4 && typeof parsed[1] === 'number' && typeof parsed[2] === 'string' && typeof parsed[3] === 'string') {
    if (parsed[0] !== sort) throw new ValidationError('cursor', `was returned for sort=${String(parsed[0])}; ask again without it for sort=${sort}`);
    return { rating: parsed[1], createdAt: parsed[2], id: parsed[3] };
  }
  throw new ValidationError('cursor', 'is not a cursor returned by a previous page');
}
