// The MongoDB filter of keyset paging (adapters/keysetPage.ts): items strictly after a position.
import type { ListPosition } from '../../ports/store';

export function afterPosition(after: ListPosition | undefined): Record<string, unknown> {
  if (!after) return {};
  return { $or: [{ createdAt: { $gt: after.createdAt } }, { createdAt: after.createdAt, _id: { $gt: after.id } }] };
}
