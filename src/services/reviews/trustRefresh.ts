// Keeps a profile's trust.averageRating and trust.totalReviews equal to its visible reviews.
// Called after every review write. Why this is exact under concurrent writers on every engine:
// each call reads the profile revision, then counts the reviews, then compare-and-swaps that
// revision. A swap that succeeds after another one must have read the other's revision, so it
// counted after the other's review was stored; the last successful swap therefore counted every
// review stored before it, and a writer whose review came later swaps again. A writer that finds
// the stored numbers already equal to its count stops: someone else's swap included its review.
// The profile write goes through ProfileRepository.replace, so it and its change-feed entry
// commit together and the search index sees the new numbers.
import { PreconditionFailedError } from '../../domain/errors';
import type { Environment } from '../../domain/profile';
import { averageOf, totalOf } from '../../domain/reviews/ratingSummary';
import type { Logger } from '../../logger';
import type { Store } from '../../ports/store';
import { type Clock, withDerivedFields } from '../profileMutation';

// Each lost swap means another writer's swap won; far more than any realistic burst on one business.
const MAX_ATTEMPTS = 100;

export type TrustRefresh = (environment: Environment, businessId: string) => Promise<void>;

export function createTrustRefresh({ store, clock, logger }: { store: Store; clock: Clock; logger: Pick<Logger, 'warn'> }): TrustRefresh {
  return async function refreshTrust(environment, businessId) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await store.profiles.get(environment, businessId);
      if (!current) return; // deleted meanwhile: nothing shows its numbers any more
      const histogram = await store.reviews.histogram(environment, businessId);
      const averageRating = averageOf(histogram);
      const totalReviews = totalOf(histogram);
      if (current.trust.averageRating === averageRating && current.trust.totalReviews === totalReviews) return;
      const now = clock();
      // updatedAt stays: it tells when the owner last changed the profile, not when someone reviewed it.
      const next = withDerivedFields({ ...current, trust: { ...current.trust, averageRating, totalReviews }, version: current.version + 1 }, now);
      try {
        await store.profiles.replace(next, current.version);
        return;
      } catch (error) {
        if (!(error instanceof PreconditionFailedError)) throw error;
      }
    }
    // The review itself is stored; the next review write of this business recounts.
    logger.warn({ businessId, environment }, 'trust numbers not refreshed: too many concurrent profile writes');
  };
}
