// Keyset paging on (createdAt, id) for the store's ListPage lists, shared by every store adapter:
// a page starts strictly after the previous page's last item, so items added or removed meanwhile
// never shift or repeat a page. Each engine fetches one item more than the page to learn whether
// another page follows.
import type { ListPage, ListPageOptions } from '../ports/store';

/** The page size asked for, at least 1; the query fetches one more. */
export function pageSize(options: ListPageOptions): number {
  return Math.max(1, Math.trunc(options.limit));
}

export function toListPage<T extends { id: string; createdAt: string }>(fetched: T[], size: number, total: number): ListPage<T> {
  const items = fetched.slice(0, size);
  const last = items.at(-1);
  return fetched.length > size && last ? { items, next: { createdAt: last.createdAt, id: last.id }, total } : { items, total };
}
