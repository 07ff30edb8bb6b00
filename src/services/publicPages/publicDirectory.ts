// The directory-wide public documents read every published business a page at a time (bounded
// memory whatever the count): the sitemap files, the groups llms.txt links to (city and kind), and
// one group's businesses. Only indexable pages are listed (publicPage/publicVisibility.ts).
import { kindName } from '../../domain/categories/taxonomy';
import type { PublishedListing } from '../../domain/publicPage/publishedListing';
import { isIndexable } from '../../domain/publicPage/publicVisibility';
import { slugWords } from '../../domain/publicPage/publicSlug';
import type { Store } from '../../ports/store';
import type { DirectoryGroup, SitemapFileEntry } from '../../domain/publicPage/directoryEntries';

export type { DirectoryGroup, SitemapFileEntry } from '../../domain/publicPage/directoryEntries';

/** Rows read from the store per round trip. */
const PAGE_SIZE = 1000;
/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** "austin-tx-us": the city, its state and country, as an address segment. */
export function citySlugOf(listing: PublishedListing): string | undefined {
  const at = listing.location.address;
  return at?.city ? slugWords([at.city, at.state, at.country].filter(Boolean).join(' ')) : undefined;
}

/** The listing's kind: its first taxonomy kind ("amenity-restaurant"), else "other". */
function kindOf(listing: PublishedListing): { slug: string; name: string } {
  const key = listing.categoryKeys?.[0];
  return key ? { slug: key.replace(/\//g, '-'), name: kindName(key) } : { slug: 'other', name: 'Other businesses' };
}

export function createPublicDirectory(deps: { store: Pick<Store, 'profiles'> }) {
  const { store } = deps;

  /** Every indexable listing from `from` on, in id order, a store page at a time. */
  async function* indexable(from?: string): AsyncGenerator<PublishedListing> {
    let after: string | undefined;
    let started = from === undefined;
    do {
      const page = await store.profiles.pagePublished({ after, limit: PAGE_SIZE });
      for (const listing of page.listings) {
        if (!started && listing.id >= (from as string)) started = true;
        if (started && isIndexable(listing)) yield listing;
      }
      after = page.next;
    } while (after !== undefined);
  }

  return {
    indexable,

    /** The sitemap index's files: at most SITEMAP_URLS_PER_FILE pages each. */
    async sitemapFiles(): Promise<SitemapFileEntry[]> {
      const files: SitemapFileEntry[] = [];
      for await (const listing of indexable()) {
        const last = files.at(-1);
        if (!last || last.count === SITEMAP_URLS_PER_FILE) files.push({ from: listing.id, lastModified: listing.updatedAt, count: 1 });
        else {
          last.count += 1;
          if (listing.updatedAt > last.lastModified) last.lastModified = listing.updatedAt;
        }
      }
      return files;
    },

    /** One sitemap file's pages: from `from`, at most SITEMAP_URLS_PER_FILE. */
    async *sitemapFile(from: string): AsyncGenerator<PublishedListing> {
      let count = 0;
      for await (const listing of indexable(from)) {
        yield listing;
        if (++count === SITEMAP_URLS_PER_FILE) return;
      }
    },

    /** Every (city, kind) with indexable businesses, with how many: what llms.txt links to. */
    async groups(): Promise<{ groups: DirectoryGroup[]; total: number }> {
      const groups = new Map<string, DirectoryGroup>();
      let total = 0;
      for await (const listing of indexable()) {
        total += 1;
        const citySlug = citySlugOf(listing);
        if (!citySlug) continue;
        const kind = kindOf(listing);
        const at = listing.location.address;
        const key = `${citySlug}/${kind.slug}`;
        const group = groups.get(key);
        if (group) group.count += 1;
        else groups.set(key, { citySlug, city: [at?.city, at?.state, at?.country].filter(Boolean).join(', '), kindSlug: kind.slug, kind: kind.name, count: 1 });
      }
      const sorted = [...groups.values()].sort((a, b) => a.city.localeCompare(b.city) || b.count - a.count || a.kind.localeCompare(b.kind));
      return { groups: sorted, total };
    },

    /** The indexable businesses of one city and kind, by name. */
    async group(citySlug: string, kindSlug: string): Promise<{ group: DirectoryGroup; listings: PublishedListing[] } | null> {
      const listings: PublishedListing[] = [];
      let group: DirectoryGroup | undefined;
      for await (const listing of indexable()) {
        if (citySlugOf(listing) !== citySlug || kindOf(listing).slug !== kindSlug) continue;
        const at = listing.location.address;
        group ??= { citySlug, city: [at?.city, at?.state, at?.country].filter(Boolean).join(', '), kindSlug, kind: kindOf(listing).name, count: 0 };
        group.count += 1;
        listings.push(listing);
      }
      return group ? { group, listings: listings.sort((a, b) => a.name.localeCompare(b.name)) } : null;
    },
  };
}

export type PublicDirectory = ReturnType<typeof createPublicDirectory>;
