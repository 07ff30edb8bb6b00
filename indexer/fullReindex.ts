// Rebuilds the whole index from the store into a fresh generation and swaps it in
// atomically (the index adapter's rebuild). Returns the feed position to resume from.
import type { Logger } from '../src/logger';
import type { ChangeFeed } from '../src/ports/changeFeed';
import type { SearchIndex } from '../src/ports/searchIndex';
import type { ProfileRepository } from '../src/ports/store';
import { toIndexActionOrSkip, type SkippedDocument } from './toSearchDocument';

export interface ReindexProgress {
  scanned: number;
  indexed: number;
  failed: number;
  /** Profiles the mapper could not turn into a document; left out of the new generation. */
  skipped: number;
  /** Every profile has been written; the index now merges the new generation and swaps it in. */
  scanComplete: boolean;
}

const PAGE_SIZE = 1000;

export async function fullReindex(deps: {
  feed: ChangeFeed;
  profiles: Pick<ProfileRepository, 'scan'>;
  index: SearchIndex;
  logger: Logger;
  onProgress?: (progress: ReindexProgress) => void;
  /** Told about each skipped profile (the caller logs it); by default logged here. */
  onSkip?: (skipped: SkippedDocument) => void;
}): Promise<string | null> {
  // Taken before the scan: changes made during the scan are replayed afterwards (idempotent).
  const resumeFrom = await deps.feed.head();
  const progress: ReindexProgress = { scanned: 0, indexed: 0, failed: 0, skipped: 0, scanComplete: false };
  const skip = (skipped: SkippedDocument) => {
    progress.skipped += 1;
    if (deps.onSkip) deps.onSkip(skipped);
    else deps.logger.error({ profileId: skipped.id, reason: skipped.error }, 'reindex: skipped a profile it cannot map');
  };
  await deps.index.rebuild(async (write) => {
    let after: string | undefined;
    do {
      const page = await deps.profiles.scan({ after, limit: PAGE_SIZE });
      const upserts = page.profiles.map((profile) => toIndexActionOrSkip(profile, skip)).filter((action) => action.type === 'upsert');
      const { failures } = upserts.length > 0 ? await write(upserts) : { failures: [] };
      for (const failure of failures) deps.logger.error({ profileId: failure.id, reason: failure.reason }, 'reindex: document rejected');
      progress.scanned += page.profiles.length;
      progress.indexed += upserts.length - failures.length;
      progress.failed += failures.length;
      after = page.next;
      progress.scanComplete = after === undefined;
      deps.onProgress?.({ ...progress });
    } while (after !== undefined);
  });
  deps.logger.info(progress, 'full reindex done');
  return resumeFrom;
}
