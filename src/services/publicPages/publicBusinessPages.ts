// Finds the public page a /b/{slug} request names: the live business holding that slug (or, for
// a business published before slugs existed, its id), a 301 to its current address when the slug
// is an older one, and nothing at all when the business has no public page (draft, sandbox,
// deleted, suspended owner, page turned off): a missing page and a hidden one answer alike.
import { businessToday } from '../../domain/blackoutDates';
import { locationOf, type BusinessProfile } from '../../domain/profile';
import type { PublicBusinessPage } from '../../domain/publicPage/publicBusinessPage';
import { hasPublicPage, isIndexable, publicPagePath } from '../../domain/publicPage/publicVisibility';
import { timeZoneAt } from '../../domain/timeZone';
import type { Store } from '../../ports/store';
import type { Clock } from '../profileMutation';

export type PageLookup =
  | { kind: 'page'; page: PublicBusinessPage }
  | { kind: 'moved'; path: string }
  | { kind: 'missing' };

/** Reviews a page shows beside its rating. */
const PAGE_REVIEWS = 5;
const BUSINESS_ID = /^biz_[0-9A-Za-z]{20,26}$/;

function zoneOf(profile: BusinessProfile): string | undefined {
  const { coordinates } = locationOf(profile);
  if (!coordinates) return undefined;
  try {
    return timeZoneAt(coordinates);
  } catch {
    return undefined;
  }
}

export function createPublicBusinessPages(deps: { store: Pick<Store, 'profiles' | 'reviews'>; clock: Clock }) {
  const { store, clock } = deps;

  async function profileAt(slug: string): Promise<BusinessProfile | null> {
    return BUSINESS_ID.test(slug) ? store.profiles.get('live', slug) : store.profiles.findBySlug('live', slug);
  }

  return {
    /** The page for `slug` as this host (`origin`) serves it. */
    async find(slug: string, origin: string): Promise<PageLookup> {
      const profile = await profileAt(slug);
      if (!profile || !hasPublicPage(profile)) return { kind: 'missing' };
      const path = publicPagePath(profile);
      if (path !== `/b/${encodeURIComponent(slug)}`) return { kind: 'moved', path };
      const { items } = await store.reviews.page('live', profile.id, { sort: 'newest', limit: PAGE_REVIEWS });
      const timeZone = zoneOf(profile);
      return {
        kind: 'page',
        page: {
          profile,
          reviews: items,
          origin,
          url: new URL(path, origin).toString(),
          today: businessToday(locationOf(profile).coordinates, clock()),
          ...(timeZone && { timeZone }),
          noindex: !isIndexable(profile),
        },
      };
    },
  };
}

export type PublicBusinessPages = ReturnType<typeof createPublicBusinessPages>;
