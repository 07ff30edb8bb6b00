// The `cursor` of the cursor-paginated lists (spec 2.6 "Pagination (cursor style)"): the store's
// keyset position, opaque to clients. A cursor the client altered or made up is a 400 on `cursor`.
import { ValidationError } from '../domain/errors';
import type { ListPage, ListPosition } from '../ports/store';

export interface CursorPagination {
  limit: number;
  hasMore: boolean;
  nextCursor?: string;
  total: number;
}

export function encodeListCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

export function decodeListCursor(cursor: string | undefined): ListPosition | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string')) {
      return { createdAt: parsed[0] as string, id: parsed[1] as string };
    }
  } catch {
    // fall through: not one of our cursors
  }
  throw new ValidationError('cursor', 'is not a cursor returned by a previous page');
}

export function paginationOf(page: ListPage<unknown>, limit: number): CursorPagination {
  return page.next
    ? { limit, hasMore: true, nextCursor: encodeListCursor(page.next), total: page.total }
    : { limit, hasMore: false, total: page.total };
}
