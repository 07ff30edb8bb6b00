// Rebuilds the whole index from the store into a fresh generation and swaps it in
// atomically (the index adapter's rebuild). Returns the feed position to resume from.
// The store is read in large pages, and the next page is read and mapped while the index is
// still writing the previous one: reading and writing overlap, writes still go one at a time.
import type { Logger } from '../src/logger';
import type { ChangeFeed } from '../src/ports/changeFeed';
import type { BulkFailure, SearchIndex } from '../src/ports/searchIndex';
import type { ProfileRepository } from '../src/ports/store';
import { type MappedPage, type PageReader, storePages } from './mappedPages';
import type { SkippedDocument } from './toSearchDocument';

export interface ReindexProgress {
  scanned: number;
  indexed: number;
  failed: number;
  /** Profiles the mapper could not turn into a document; left out of the new generation. */
  skipped: number;
  /** Every profile has been written; the index now merges the new generation and swaps it in. */
  scanComplete: boolean;
}

/** Profiles per store page: a few megabytes of documents, enough for several bulk requests in flight. */
export const REINDEX_PAGE_SIZE = 10_000;

export async function fullReindex(deps: {
  feed: ChangeFeed;
  profiles: Pick<ProfileRepository, 'scan'>;
  index: SearchIndex;
  logger: Logger;
  onProgress?: (progress: ReindexProgress) => void;
  /** Told about each skipped profile (the caller logs it); by default logged here. */
  onSkip?: (skipped: SkippedDocument) => void;
  /** Profiles read from the store at a time (default REINDEX_PAGE_SIZE). */
  pageSize?: number;
  /** Reads and maps the pages (default: `profiles` on this thread; src/runtime/threadedPages.ts reads them on another). */
  pages?: PageReader;
}): Promise<string | null> {
  const pageSize = deps.pageSize ?? REINDEX_PAGE_SIZE;
  // Taken before the scan: changes made during the scan are replayed afterwards (idempotent).
  const resumeFrom = await deps.feed.head();
  const progress: ReindexProgress = { scanned: 0, indexed: 0, failed: 0, skipped: 0, scanComplete: false };
  const skip = (skipped: SkippedDocument) => {
    progress.skipped += 1;
    if (deps.onSkip) deps.onSkip(skipped);
    else deps.logger.error({ profileId: skipped.id, reason: skipped.error }, 'reindex: skipped a profile it cannot map');
  };
  const pages = deps.pages ?? storePages(deps.profiles);
  const readPage = async (after: string | undefined): Promise<MappedPage> => {
    const page = await pages(after, pageSize);
    for (const skipped of page.skipped) skip(skipped);
    return page;
  };
  const report = (page: MappedPage, failures: BulkFailure[]): void => {
    for (const failure of failures) deps.logger.error({ profileId: failure.id, reason: failure.reason }, 'reindex: document rejected');
    progress.scanned += page.scanned;
    progress.indexed += page.upserts.length - failures.length;
    progress.failed += failures.length;
    progress.scanComplete = page.next === undefined;
    deps.onProgress?.({ ...progress });
  };

  await deps.index.rebuild(async (write) => {
    let page = await readPage(undefined);
    for (;;) {
      const written = page.upserts.length > 0 ? write(page.upserts) : Promise.resolve({ failures: [] });
      // Read ahead while the index writes; a failed write still fails the rebuild (awaited below).
      const following = page.next === undefined ? null : readPage(page.next).catch((error: unknown) => ({ error }));
      report(page, (await written).failures);
      if (following === null) break;
      const next = await following;
      if ('error' in next) throw next.error;
      page = next;
    }
  });
  deps.logger.info(progress, 'full reindex done');
  return resumeFrom;
}
