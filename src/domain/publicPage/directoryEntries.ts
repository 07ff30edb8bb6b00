// What the directory documents list: the sitemap index's files and llms.txt's groups of businesses.

export interface SitemapFileEntry {
  /** The first business id of the file: the file lists indexable pages from it on. */
  from: string;
  /** The newest change among its pages. */
  lastModified: string;
  count: number;
}

export interface DirectoryGroup {
  citySlug: string;
  city: string;
  kindSlug: string;
  kind: string;
  count: number;
}

