// Who sees a business on the open web. A page exists only for a live (not sandbox), published,
// not deleted business whose owner is not suspended and did not turn the page off; an owner may
// also keep the page but ask search engines and AI crawlers not to index it (noindex): it is then
// left out of the sitemap, llms.txt, the Markdown indexes and IndexNow, and served with noindex.
import type { BusinessProfile, PublicPageSetting } from '../profile';

export const DEFAULT_PUBLIC_PAGE: PublicPageSetting = 'indexed';

type Visible = Pick<BusinessProfile, 'environment' | 'status' | 'deletedAt' | 'ownerSuspended' | 'publicPage'>;

export function hasPublicPage(profile: Visible): boolean {
  return profile.environment === 'live' && profile.status === 'published' && profile.deletedAt === undefined
    && profile.ownerSuspended !== true && (profile.publicPage ?? DEFAULT_PUBLIC_PAGE) !== 'off';
}

/** A public page that may be listed and indexed (sitemap, llms.txt, IndexNow). */
export function isIndexable(profile: Visible): boolean {
  return hasPublicPage(profile) && (profile.publicPage ?? DEFAULT_PUBLIC_PAGE) === 'indexed';
}

/** The page's path: /b/{current slug}, or /b/{id} for a business published before slugs existed. */
export function publicPagePath(profile: Pick<BusinessProfile, 'id' | 'publicSlugs'>): string {
  return `/b/${encodeURIComponent(profile.publicSlugs?.[0] ?? profile.id)}`;
}

/** Where a public page shows one of the business's own files: /public-media/{id} (anyone may fetch it), not the API's /v1/media/{id}. */
export function publicMediaPath(url: string): string {
  const own = /^\/v1\/media\/(med_[0-9A-Za-z]+)$/.exec(url);
  return own ? `/public-media/${own[1]}` : url;
}
