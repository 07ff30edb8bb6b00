// The `cursor` of the reviews list: the last review's position in the page's sort order. A cursor
// is bound to its sort: reused with another sort it is a 400, never a wrong page.
import { ValidationError } from '../../domain/errors';
import type { ReviewPosition, ReviewSort } from '../../domain/reviews/review';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../opaqueCursor';

export function encodeReviewCursor(position: ReviewPosition, sort: ReviewSort): string {
  return encodeOpaqueCursor([sort, position.rating, position.createdAt, position.id]);
}

export function decodeReviewCursor(cursor: string | undefined, sort: ReviewSort): ReviewPosition | undefined {
  if (cursor === undefined) return undefined;
  const parts = decodeOpaqueCursor(cursor);
  if (parts?.length === 4 && typeof parts[1] === 'number' && typeof parts[2] === 'string' && typeof parts[3] === 'string') {
    if (parts[0] !== sort) throw new ValidationError('cursor', `was returned for sort=${String(parts[0])}; ask again without it for sort=${sort}`);
    return { rating: parts[1], createdAt: parts[2], id: parts[3] };
  }
  throw new ValidationError('cursor', 'is not a cursor returned by a previous page');
}
