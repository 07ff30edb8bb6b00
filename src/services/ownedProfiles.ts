// GET /business/profile: the caller's own profiles in the caller's environment, drafts included,
// oldest first (creation order is stable under edits, so paging never repeats or skips one).
// Small items: the ids a client needs to recover (a create that timed out, a status call that
// asks for businessId), not whole profiles.
import { assessCompleteness } from '../domain/completeness';
import type { Principal } from '../domain/principal';
import type { BusinessProfile } from '../domain/profile';
import type { Store } from '../ports/store';
import { decodeListCursor, paginationOf } from './listCursor';

function listItem(profile: BusinessProfile) {
  const { id, name, status, createdAt, updatedAt } = profile;
  return { id, name, status, createdAt, updatedAt, completionPercentage: assessCompleteness(profile).completionPercentage };
}

export function createOwnedProfiles({ store }: { store: Store }) {
  async function list(principal: Principal, page: { limit: number; cursor?: string }) {
    const found = await store.profiles.pageByOwner(principal.environment, principal.accountId, {
      after: decodeListCursor(page.cursor),
      limit: page.limit,
    });
    return { profiles: found.items.map(listItem), pagination: paginationOf(found, page.limit) };
  }
  return { list };
}

export type OwnedProfiles = ReturnType<typeof createOwnedProfiles>;
