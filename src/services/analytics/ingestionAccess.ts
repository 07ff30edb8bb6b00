// Who may report events for a business: its owner, or a partner for any published
// business. "Partner" means an agreement in force covering event ingestion, decided by
// services/partners/partnerAccess.ts; this function only combines that answer with the business.
import type { Principal } from '../../domain/principal';
import type { BusinessProfile } from '../../domain/profile';

export function mayIngestFor(principal: Pick<Principal, 'accountId'>, profile: Pick<BusinessProfile, 'ownerId' | 'status'>, partnerInForce: boolean): boolean {
  if (profile.ownerId === principal.accountId) return true;
  return partnerInForce && profile.status === 'published';
}
