// The directory for language models: /llms.txt (the llms.txt convention: a title, a one-line
// summary, then sections of links with notes) and one Markdown page per city and kind listing its
// businesses, each linked to its Markdown twin. robots.txt is here too: the operator's policy per
// crawler and where the sitemap is.
import { publicPagePath } from '../../domain/publicPage/publicVisibility';
import type { PublishedListing } from '../../domain/publicPage/publishedListing';
import type { DirectoryGroup } from '../../domain/publicPage/directoryEntries';
import { escapeMarkdown as m } from './htmlText';

export function groupPath(group: Pick<DirectoryGroup, 'citySlug' | 'kindSlug'>): string {
  return `/directory/${encodeURIComponent(group.citySlug)}/${encodeURIComponent(group.kindSlug)}.md`;
}

export function llmsTxt(origin: string, name: string, groups: DirectoryGroup[], total: number): string {
  const at = (path: string) => new URL(path, origin).toString();
  const out = [
    `# ${m(name)}`,
    '',
    `> A directory of ${total} local business${total === 1 ? '' : 'es'}, each with a public page (HTML with schema.org JSON-LD) and the same facts in Markdown (the page's address + ".md"), grouped below by city and kind.`,
    '',
    `Every business page is listed in the sitemap: ${at('/sitemap.xml')}. The API that serves the directory (search, opening hours, booking) is described at ${at('/v1/openapi.json')}.`,
    '',
  ];
  let city = '';
  for (const group of groups) {
    if (group.city !== city) {
      city = group.city;
      out.push(`## ${m(city)}`, '');
    }
    out.push(`- [${m(group.kind)} in ${m(group.city)}](${at(groupPath(group))}): ${group.count} business${group.count === 1 ? '' : 'es'}`);
    if (groups[groups.indexOf(group) + 1]?.city !== city) out.push('');
  }
  out.push('## Optional', '', `- [API reference](${at('/v1/openapi.json')}): OpenAPI 3.1, every operation and field`, '');
  return out.join('\n');
}

export function groupMarkdown(origin: string, group: DirectoryGroup, listings: PublishedListing[]): string {
  const at = (path: string) => new URL(path, origin).toString();
  return [
    `# ${m(group.kind)} in ${m(group.city)}`,
    '',
    `${listings.length} business${listings.length === 1 ? '' : 'es'}. Each link is the business's page in Markdown.`,
    '',
    ...listings.map((listing) => `- [${m(listing.name)}](${at(`${publicPagePath(listing)}.md`)}): ${m(listing.category)}`),
    '',
    `All cities and kinds: ${at('/llms.txt')}`,
    '',
  ].join('\n');
}

/** robots.txt: everything public may be crawled, except by the crawlers the operator names. */
export function robotsTxt(origin: string, disallowed: readonly string[]): string {
  const out = ['User-agent: *', 'Allow: /', 'Disallow: /v1/', 'Disallow: /dashboard', ''];
  for (const agent of disallowed) out.push(`User-agent: ${agent}`, 'Disallow: /', '');
  out.push(`Sitemap: ${new URL('/sitemap.xml', origin).toString()}`, '');
  return out.join('\n');
}
