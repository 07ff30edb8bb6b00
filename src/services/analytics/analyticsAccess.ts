// Opens one analytics question: checks the period's shape, then who may read the business
// (spec 5.6: its owner, or an admin; both only inside the caller's own environment, so sandbox
// keys see sandbox businesses and sandbox events only), then turns the period into the
// business's local days. Unknown or deleted: 404 PROFILE_NOT_FOUND; someone else's: 403 FORBIDDEN.
import { businessTimeZone } from '../../domain/timeZone';
import { ForbiddenError, ProfileNotFoundError } from '../../domain/errors';
import type { Principal } from '../../domain/principal';
import type { BusinessProfile } from '../../domain/profile';
import type { AnalyticsScope } from '../../ports/analyticsStore';
import type { Store } from '../../ports/store';
import { checkPeriodShape, resolvePeriod } from './analyticsPeriod';

export interface AnalyticsQuestion {
  profile: BusinessProfile;
  /** What the analytics store is asked about. */
  scope: AnalyticsScope;
  /** The answer's `period`. */
  period: { start: string; end: string };
}

export type AnalyticsAccess = (principal: Principal, query: { businessId: string; startDate: string; endDate: string }) => Promise<AnalyticsQuestion>;

export function createAnalyticsAccess({ store }: { store: Pick<Store, 'profiles'> }): AnalyticsAccess {
  return async (principal, { businessId, startDate, endDate }) => {
    checkPeriodShape(startDate, endDate);
    const profile = await store.profiles.get(principal.environment, businessId);
    if (!profile) throw new ProfileNotFoundError(businessId);
    if (profile.ownerId !== principal.accountId && principal.role !== 'admin') {
      throw new ForbiddenError('You do not have access to the analytics of this business');
    }
    const period = resolvePeriod(startDate, endDate, businessTimeZone(profile.location));
    return {
      profile,
      scope: { environment: principal.environment, businessId: profile.id, from: period.from, to: period.to },
      period: { start: period.start, end: period.end },
    };
  };
}
