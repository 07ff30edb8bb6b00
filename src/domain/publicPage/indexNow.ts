// IndexNow (indexnow.org): search engines are told which page addresses changed, up to 10 000 in
// one POST of {host, key, keyLocation, urlList}, the key proven by a text file at /{key}.txt.
import type { BusinessProfile } from '../profile';
import { publicPagePath } from './publicVisibility';

export const INDEXNOW_MAX_URLS = 10_000;
/** The key's alphabet and length (the protocol's: 8 to 128 of a-z, A-Z, 0-9 and "-"). */
export const INDEXNOW_KEY = /^[A-Za-z0-9-]{8,128}$/;

/**
 * The addresses a batch of profile changes makes worth announcing: a live profile that has (or had)
 * a public page, whatever changed (published, edited, unpublished, deleted, turned off), at its
 * current address and the one before it (which now redirects). Sandbox and never-published
 * profiles have none. Each address once, in order.
 */
export function changedPageUrls(changes: ReadonlyArray<{ profile: BusinessProfile | null }>, origin: string): string[] {
  const urls = new Set<string>();
  for (const change of changes) {
    const profile = change.profile;
    if (!profile || profile.environment !== 'live' || !profile.publicSlugs?.length) continue;
    urls.add(new URL(publicPagePath(profile), origin).toString());
    const previous = profile.publicSlugs[1];
    if (previous) urls.add(new URL(publicPagePath({ id: profile.id, publicSlugs: [previous] }), origin).toString());
  }
  return [...urls];
}

/** The request body for one endpoint and at most INDEXNOW_MAX_URLS addresses. */
export function indexNowBody(origin: string, key: string, urlList: readonly string[]) {
  return { host: new URL(origin).host, key, keyLocation: new URL(`/${key}.txt`, origin).toString(), urlList };
}

/** 429 and 5xx are worth another try; other refusals (400 bad request, 403 key not valid, 422 wrong host) are not. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}
