// Who may report events for a business (issue 18): its owner, or a partner for any published
// business. "Partner" is today the account's `partner` flag (set by an admin); when partnership
// agreements become records, this is the one function to change.
import type { Principal } from '../../domain/principal';
import type { BusinessProfile } from '../../domain/profile';

export function mayIngestFor(principal: Pick<Principal, 'accountId' | 'partner'>, profile: Pick<BusinessProfile, 'ownerId' | 'status'>): boolean {
  if (profile.ownerId === principal.accountId) return true;
  return principal.partner && profile.status === 'published';
}
