// Which AI crawler fetched a page, from its user agent: the crawler-user-agents list (a maintained
// list of crawlers' user-agent patterns with tags and documentation links) narrowed to the ones
// that feed AI answers, each given its platform (crawlerVendors.json, by the crawler's web domain)
// and its purpose, as the agent itself says it: a "-User" agent fetches for a person asking an
// assistant now, a search engine's or "SearchBot" indexes for AI search, the rest collect training data.
import type { CrawlPurpose } from './analyticsEvent';
import vendors from './crawlerVendors.json';

/** One entry of the crawler-user-agents list, as far as it is read. */
export interface CrawlerListEntry {
  pattern: string;
  url?: string;
  instances?: string[];
  tags?: string[];
}

export interface AiCrawler {
  /** The list's pattern that matched ("GPTBot"). */
  pattern: string;
  platform: string;
  purpose: CrawlPurpose;
}

const DOMAINS: Readonly<Record<string, string>> = (vendors as { domains: Record<string, string> }).domains;

/** The platform of the first domain the entry names that the vendor table knows. */
function platformOf(entry: CrawlerListEntry): string | undefined {
  const text = [entry.url ?? '', ...(entry.instances ?? [])].join(' ');
  for (const [, host] of text.matchAll(/(?:https?:\/\/|@)([a-z0-9.-]+\.[a-z]+)/gi)) {
    const name = host.toLowerCase().replace(/^www\./, '');
    const known = Object.keys(DOMAINS).find((domain) => name === domain || name.endsWith(`.${domain}`));
    if (known) return DOMAINS[known];
  }
  return undefined;
}

function purposeOf(entry: CrawlerListEntry): CrawlPurpose {
  if (/-?User\b/.test(entry.pattern)) return 'user';
  if ((entry.tags ?? []).includes('search-engine') || /search/i.test(entry.pattern)) return 'search';
  return 'training';
}

export type CrawlerMatcher = (userAgent: string) => AiCrawler | null;

/** A matcher over the list's AI crawlers, in the list's order (the first pattern that matches wins). */
export function aiCrawlerMatcher(list: readonly CrawlerListEntry[]): CrawlerMatcher {
  const crawlers = list.flatMap((entry) => {
    const tags = entry.tags ?? [];
    const platform = platformOf(entry);
    const counted = tags.includes('ai-crawler') || (tags.includes('search-engine') && platform !== undefined);
    if (!counted) return [];
    try {
      return [{ test: new RegExp(entry.pattern), crawler: { pattern: entry.pattern, platform: platform ?? 'other', purpose: purposeOf(entry) } }];
    } catch {
      return []; // a pattern JavaScript cannot compile is left out rather than failing every page
    }
  });
  return (userAgent) => {
    if (userAgent === '') return null;
    for (const { test, crawler } of crawlers) if (test.test(userAgent)) return crawler;
    return null;
  };
}
