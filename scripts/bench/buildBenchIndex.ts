// Fills the search index from the store with the indexer's own full reindex and commits the
// resume position under the indexer's consumer name, so the server's in-process indexer starts
// from there instead of reindexing 100 000 profiles again.
import { fullReindex, type ReindexProgress } from '../../indexer/fullReindex';
import type { Logger } from '../../src/logger';
import type { SearchIndex } from '../../src/ports/searchIndex';
import type { Store } from '../../src/ports/store';
import { startPeakMemory } from '../../src/runtime/peakMemory';

/** The consumer name indexer/indexer.ts uses by default. */
export const INDEXER_CONSUMER = 'search-indexer';

export async function buildBenchIndex(deps: {
  store: Store;
  index: SearchIndex;
  logger: Logger;
  onProgress?: (progress: ReindexProgress) => void;
}): Promise<{ indexed: number; elapsedMs: number; peakRssMiB: number }> {
  const started = performance.now();
  // The benchmark's process loaded the store before: the build's own peak where it can be told apart.
  const peak = startPeakMemory();
  const position = await fullReindex({ feed: deps.store.changeFeed, profiles: deps.store.profiles, index: deps.index, logger: deps.logger, onProgress: deps.onProgress });
  if (position !== null) await deps.store.checkpoints.save(INDEXER_CONSUMER, position);
  return { indexed: await deps.index.count('live'), elapsedMs: performance.now() - started, peakRssMiB: peak.peakMiB() };
}
