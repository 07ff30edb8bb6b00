// Cursor paging of the store-backed lists (spec 2.6 "Pagination (cursor style)"): `limit` and the
// `nextCursor` of the previous page. Search lists page by offset instead (parts/paging.ts): their
// order is a ranking recomputed per request, which has no stable position to resume from.
import Type from 'typebox';
import { limitSchema } from './paging';

export const cursorSchema = Type.String({ minLength: 1, maxLength: 512, description: 'pagination.nextCursor of the previous page; omit for the first page.' });

export function cursorPageQuerySchema(maximum: number, defaultLimit: number) {
  return Type.Object({ limit: limitSchema(maximum, defaultLimit), cursor: Type.Optional(cursorSchema) }, { additionalProperties: false });
}

export interface CursorPageQuery {
  limit: number;
  cursor?: string;
}
