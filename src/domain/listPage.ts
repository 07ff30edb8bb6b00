// Keyset pagination over lists ordered by (createdAt, id): the page every repository returns and
// the position the next page starts after. ports/store.ts re-exports these.

/** Where a page of a list ordered by (createdAt, id) ended: the next page starts after it. */
export interface ListPosition {
  createdAt: string;
  id: string;
}

export interface ListPageOptions {
  after?: ListPosition;
  limit: number;
}

/** A page of a keyset-paginated list; `next` is set when more items follow, `total` counts them all. */
export interface ListPage<T> {
  items: T[];
  next?: ListPosition;
  total: number;
}
