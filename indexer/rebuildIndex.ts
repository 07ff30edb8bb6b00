// A fresh index generation built from the store and swapped in (fullReindex), then the indexer's
// resume position committed under its consumer name, so the indexer carries on from there instead
// of replaying every change the build already covers. What `npm run reindex`, a large import and
// the search benchmark run.
import type { Logger } from '../src/logger';
import type { ChangeFeed } from '../src/ports/changeFeed';
import type { SearchIndex } from '../src/ports/searchIndex';
import type { CheckpointRepository, ProfileRepository } from '../src/ports/store';
import { fullReindex, type ReindexProgress } from './fullReindex';
import type { PageReader } from './mappedPages';
import { SEARCH_INDEXER_CONSUMER } from './indexer';

export async function rebuildIndex(deps: {
  feed: ChangeFeed;
  profiles: Pick<ProfileRepository, 'scan'>;
  checkpoints: CheckpointRepository;
  index: SearchIndex;
  logger: Logger;
  onProgress?: (progress: ReindexProgress) => void;
  /** Where the pages are read and mapped (fullReindex's `pages`). */
  pages?: PageReader;
}): Promise<{ position: string | null }> {
  const position = await fullReindex(deps);
  // The indexer resumes from the feed position taken before the scan (idempotent replay).
  if (position !== null) await deps.checkpoints.save(SEARCH_INDEXER_CONSUMER, position);
  return { position };
}
