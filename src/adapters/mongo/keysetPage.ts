// Keyset paging on (createdAt, _id) for the store's ListPage lists: a page starts strictly after the
// previous page's last item, so items added or removed meanwhile never shift or repeat a page.
import type { ListPage, ListPageOptions, ListPosition } from '../../ports/store';

export function afterPosition(after: ListPosition | undefined): Record<string, unknown> {
  if (!after) return {};
  return { $or: [{ createdAt: { $gt: after.createdAt } }, { createdAt: after.createdAt, _id: { $gt: after.id } }] };
}

/** The page size asked for, at least 1; the query fetches one more to learn whether a page follows. */
export function pageSize(options: ListPageOptions): number {
  return Math.max(1, Math.trunc(options.limit));
}

export function toListPage<T extends { id: string; createdAt: string }>(fetched: T[], size: number, total: number): ListPage<T> {
  const items = fetched.slice(0, size);
  const last = items[items.length - 1];
  return fetched.length > size && last ? { items, next: { createdAt: last.createdAt, id: last.id }, total } : { items, total };
}
