// Who may read a business's analytics (spec 5.6): its owner, or an admin; both only inside the
// caller's own environment (sandbox keys see sandbox businesses and sandbox events only).
// Unknown or deleted: 404 PROFILE_NOT_FOUND; someone else's: 403 FORBIDDEN.
import { businessTimeZone } from '../../domain/analytics/localDate';
import { ForbiddenError, ProfileNotFoundError } from '../../domain/errors';
import type { Principal } from '../../domain/principal';
import type { BusinessProfile } from '../../domain/profile';
import type { Store } from '../../ports/store';

export interface AnalyticsSubject {
  profile: BusinessProfile;
  timeZone: string;
}

export type AnalyticsAccess = (principal: Principal, businessId: string) => Promise<AnalyticsSubject>;

export function createAnalyticsAccess({ store }: { store: Pick<Store, 'profiles'> }): AnalyticsAccess {
  return async (principal, businessId) => {
    const profile = await store.profiles.get(principal.environment, businessId);
    if (!profile) throw new ProfileNotFoundError(businessId);
    if (profile.ownerId !== principal.accountId && principal.role !== 'admin') {
      throw new ForbiddenError('You do not have access to the analytics of this business');
    }
    return { profile, timeZone: businessTimeZone(profile.location) };
  };
}
