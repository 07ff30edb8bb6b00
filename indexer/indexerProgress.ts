// What an API without the in-process indexer (IN_PROCESS_INDEXER=false, `npm run indexer` in its
// own process) can still tell /ready about search freshness: the position the indexer last
// committed, which lives in the store, and how many changes lie after it. Lag stays visible in
// the production shape, not only in the indexer's log.
import type { ChangeFeed } from '../src/ports/changeFeed';
import type { CheckpointRepository } from '../src/ports/store';
import { SEARCH_INDEXER_CONSUMER } from './indexer';

export interface ExternalIndexerProgress {
  state: 'external';
  /** The last position the indexer committed; null before its first batch. */
  position: string | null;
  /** Changes written since then (null where the feed cannot count). */
  pending: number | null;
}

export async function readIndexerProgress(deps: { checkpoints: CheckpointRepository; feed: ChangeFeed }): Promise<ExternalIndexerProgress> {
  const position = await deps.checkpoints.load(SEARCH_INDEXER_CONSUMER);
  const pending = await deps.feed.countAfter(position).catch(() => null);
  return { state: 'external', position, pending };
}
