// Records a public page fetch by an AI crawler as a `crawl` event, through the same
// buffered recorder as the events of answers: the page is answered first, the user agent is read
// on the next turn of the event loop, and recording never waits or fails the page. The crawler
// list is read on the first page fetch, not at start. Where the operator gave a platform's
// published address ranges (CRAWLER_IP_RANGES), a fetch claiming that platform from elsewhere is
// a pretender and is not counted.
import { aiCrawlerMatcher, type CrawlerListEntry, type CrawlerMatcher } from '../../domain/analytics/aiCrawlers';
import { createAddressPolicy } from '../../domain/webhooks/addressPolicy';
import { localDateOf } from '../../domain/localTime';
import type { Logger } from '../../logger';
import type { EventRecorder } from '../../ports/eventRecorder';
import { newEventId } from './answerRecording';

export interface PageFetchRecord {
  businessId: string;
  /** The business's time zone (its local day keys the event); absent: UTC. */
  timeZone?: string;
  userAgent: string;
  address: string;
  at: Date;
}

export type RecordPageFetch = (fetch: PageFetchRecord) => void;

export interface CrawlRecordingDeps {
  recorder: EventRecorder;
  logger: Pick<Logger, 'warn'>;
  /** Platform -> its crawlers' published CIDR ranges ("20.15.240.64/28,..."), when the operator confirms by address. */
  ipRanges?: Readonly<Record<string, string>>;
  /** The crawler list; default: the crawler-user-agents package, read on first use. */
  loadList?: () => readonly CrawlerListEntry[];
}

export function createCrawlRecording(deps: CrawlRecordingDeps): RecordPageFetch {
  let matcher: CrawlerMatcher | undefined;
  const confirmers: Partial<Record<string, ReturnType<typeof createAddressPolicy>>> = Object.fromEntries(Object.entries(deps.ipRanges ?? {}).map(([platform, ranges]) => [platform, createAddressPolicy(ranges)]));
  const load = deps.loadList ?? (() => require('crawler-user-agents') as CrawlerListEntry[]);

  function record(fetch: PageFetchRecord): void {
    matcher ??= aiCrawlerMatcher(load());
    const crawler = matcher(fetch.userAgent);
    if (!crawler) return;
    const confirm = confirmers[crawler.platform];
    if (confirm && !confirm.listed(fetch.address)) return;
    deps.recorder.record([{
      eventId: newEventId(),
      type: 'crawl',
      crawlPurpose: crawler.purpose,
      businessId: fetch.businessId,
      environment: 'live', // only live businesses have public pages
      timestamp: fetch.at.toISOString(),
      localDate: localDateOf(fetch.at, fetch.timeZone ?? 'UTC'),
      platform: crawler.platform,
      surface: 'page',
    }]);
  }

  return (fetch) => {
    setImmediate(() => {
      try {
        record(fetch);
      } catch (error) {
        deps.logger.warn({ err: (error as Error).message }, 'could not record a crawler fetch');
      }
    });
  };
}
