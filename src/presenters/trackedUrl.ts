// Adds `trackedUrl` to search result items that have a website: the link a consumer
// follows goes through GET /r/{token}, which records the visit and redirects to the website.
import type { TrackedLink } from '../domain/analytics/trackedLinkToken';

type Linkable = { id: string; website?: string; trackedUrl?: string };

/** Signs tracked links (services/analytics/trackedLinks.ts). */
export interface TrackedUrls {
  urlFor(origin: string, link: TrackedLink): string;
}

/**
 * One function per answer: the origin (PUBLIC_URL or the API's own), environment, journey and
 * platform are the same for every item.
 */
export function trackedUrlAdder(links: TrackedUrls, origin: string, link: Omit<TrackedLink, 'businessId'>): <T extends Linkable>(item: T) => T {
  return (item) => {
    if (item.website) item.trackedUrl = links.urlFor(origin, { ...link, businessId: item.id });
    return item;
  };
}
