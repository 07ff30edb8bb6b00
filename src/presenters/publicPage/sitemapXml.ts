// Sitemaps (sitemaps.org protocol 0.9): an index over files of at most 50 000 URLs, each URL with
// its lastmod. Written as a stream of chunks, one per store page, so a million businesses never
// sit in memory as one document.
import { publicPagePath } from '../../domain/publicPage/publicVisibility';
import type { PublishedListing } from '../../domain/publicPage/publishedListing';
import type { SitemapFileEntry } from '../../domain/publicPage/directoryEntries';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function sitemapFilePath(entry: Pick<SitemapFileEntry, 'from'>): string {
  return `/sitemaps/businesses-${entry.from}.xml`;
}

export function sitemapIndexXml(origin: string, files: SitemapFileEntry[]): string {
  const entries = files.map((file) => `<sitemap><loc>${xml(new URL(sitemapFilePath(file), origin).toString())}</loc><lastmod>${xml(file.lastModified)}</lastmod></sitemap>`);
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}${entries.length > 0 ? '\n' : ''}</sitemapindex>\n`;
}

/** The chunks of one sitemap file: the head, then one chunk per `batch` URLs, then the tail. */
export async function* sitemapFileXml(origin: string, listings: AsyncIterable<PublishedListing>, batch = 1000): AsyncGenerator<string> {
  yield `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
  let chunk: string[] = [];
  for await (const listing of listings) {
    chunk.push(`<url><loc>${xml(new URL(publicPagePath(listing), origin).toString())}</loc><lastmod>${xml(listing.updatedAt)}</lastmod></url>\n`);
    if (chunk.length === batch) {
      yield chunk.join('');
      chunk = [];
    }
  }
  yield `${chunk.join('')}</urlset>\n`;
}
