// Tracked links: each search result with a website gets `trackedUrl`, an absolute link
// to GET /v1/r/{token}. Following it records a `website_visit` for the journey and answers with
// the business's website as stored on its profile at that moment (a changed website is followed
// at once; a deleted or unpublished business, or a token we did not sign, is 404).
import type { AnalyticsEvent } from '../../domain/analytics/analyticsEvent';
import { signTrackedLink, trackedLinkKey, type TrackedLink, verifyTrackedLink } from '../../domain/analytics/trackedLinkToken';
import { businessLocalDate } from '../../domain/analytics/businessDay';
import { NotFoundError } from '../../domain/errors';
import type { Logger } from '../../logger';
import type { EventRecorder } from '../../ports/eventRecorder';
import type { Store } from '../../ports/store';
import { newEventId } from './answerRecording';

export const TRACKED_LINK_PATH = '/v1/r/';

export class TrackedLinkNotFoundError extends NotFoundError {
  constructor() {
    super('This link is not valid or its business is no longer listed', 'TRACKED_LINK_NOT_FOUND');
  }
}

export function createTrackedLinks(deps: { secret: string; store: Pick<Store, 'profiles'>; recorder: EventRecorder; clock: () => Date; logger: Pick<Logger, 'warn'> }) {
  const key = trackedLinkKey(deps.secret);
  const { store, recorder, clock, logger } = deps;

  return {
    /** `origin` is the public scheme://host[:port] the API is reached at (PUBLIC_URL, else the request's). */
    urlFor(origin: string, link: TrackedLink): string {
      return `${origin.replace(/\/+$/, '')}${TRACKED_LINK_PATH}${signTrackedLink(key, link)}`;
    },

    /** The website to send the visitor to; records the visit. TrackedLinkNotFoundError otherwise. */
    async follow(token: string): Promise<string> {
      const link = verifyTrackedLink(key, token);
      if (!link) throw new TrackedLinkNotFoundError();
      const profile = await store.profiles.get(link.environment, link.businessId);
      const website = profile?.contact.website;
      if (!profile || profile.status !== 'published' || profile.ownerSuspended || !website || !/^https:\/\//i.test(website)) {
        throw new TrackedLinkNotFoundError();
      }
      const now = clock();
      const visit: AnalyticsEvent = {
        eventId: newEventId(),
        type: 'website_visit',
        businessId: link.businessId,
        environment: link.environment,
        timestamp: now.toISOString(),
        localDate: businessLocalDate(now, profile.location),
        platform: link.platform,
        ...(link.journeyId && { journeyId: link.journeyId }),
        surface: 'redirect',
      };
      try {
        recorder.record([visit]);
      } catch (error) {
        // The visitor still gets to the website when analytics cannot take the visit.
        logger.warn({ err: (error as Error).message }, 'could not record a website visit');
      }
      return website;
    },
  };
}

export type TrackedLinks = ReturnType<typeof createTrackedLinks>;
