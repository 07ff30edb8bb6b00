// Adds `trackedUrl` to search result items that have a website (issue 18).
import type { Context } from 'koa';
import type { TrackedLink } from '../domain/analytics/trackedLinkToken';
import type { TrackedLinks } from '../services/analytics/trackedLinks';

type Linkable = { id: string; website?: string; trackedUrl?: string };

/** One function per answer: the origin, environment, journey and platform are the same for every item. */
export function trackedUrlAdder(
  ctx: Context,
  links: Pick<TrackedLinks, 'urlFor'>,
  publicUrl: string | undefined,
  link: Omit<TrackedLink, 'businessId'>,
): <T extends Linkable>(item: T) => T {
  // Koa 3's ctx.origin is the Origin request header; the API's own origin is protocol + host
  // (X-Forwarded-Proto/Host only when TRUST_PROXY says a proxy sets them).
  const origin = publicUrl ?? `${ctx.protocol}://${ctx.host}`;
  return (item) => {
    if (item.website) item.trackedUrl = links.urlFor(origin, { ...link, businessId: item.id });
    return item;
  };
}
