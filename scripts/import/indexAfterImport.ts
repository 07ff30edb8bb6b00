// After the rows are in the store, the search index follows them: a large import on the embedded
// index rebuilds it (one pass over the store beats replaying every change one batch at a time),
// otherwise an indexer in this process applies the new changes until none is pending and stops.
// On MongoDB the change stream's indexer (`npm run indexer`) follows on its own: nothing to do here
// unless asked.
import { createIndexer } from '../../indexer/indexer';
import { readIndexerProgress } from '../../indexer/indexerProgress';
import { rebuildIndex } from '../../indexer/rebuildIndex';
import type { Config } from '../../src/config';
import type { Logger } from '../../src/logger';
import type { Store } from '../../src/ports/store';
import { openSearchIndex } from '../../src/runtime/openSearchIndex';
import { peakMemoryText, startPeakMemory } from '../../src/runtime/peakMemory';
import { progressBar, progressLine, reindexProgress } from '../../src/runtime/progressBar';
import type { IndexMode } from './importOptions';

/** Changes past which a rebuild of the embedded index is faster than following them. */
export const REBUILD_AFTER_CHANGES = 50_000;
/** How often the follower looks at what is left. */
const POLL_MS = 200;

export type IndexStep = 'rebuild' | 'follow' | 'none';

export function indexStep(mode: IndexMode, changes: number, onMongo: boolean): IndexStep {
  if (mode !== 'auto') return mode;
  if (changes === 0 || onMongo) return 'none';
  return changes >= REBUILD_AFTER_CHANGES ? 'rebuild' : 'follow';
}

async function follow(store: Store, index: Awaited<ReturnType<typeof openSearchIndex>>, logger: Logger): Promise<string> {
  const indexer = createIndexer({ feed: store.changeFeed, checkpoints: store.checkpoints, profiles: store.profiles, index, logger, batchSize: 2000 });
  const line = progressLine();
  indexer.start();
  try {
    let first: number | null = null;
    for (;;) {
      const status = await indexer.status();
      const { pending } = await readIndexerProgress({ checkpoints: store.checkpoints, feed: store.changeFeed });
      if (pending === 0 && status.position !== null) break;
      if (status.stalled) throw new Error(`the indexer keeps failing: ${status.lastError ?? 'unknown error'}`);
      if (pending !== null) {
        first ??= pending;
        line.update(`${progressBar(first === 0 ? 1 : 1 - pending / first)} search index: ${pending} changes to index`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const done = await indexer.status();
    line.finish(`${progressBar(1)} search index: every change indexed`);
    return done.reindexes > 0
      ? `search index: built from the store (it had none yet): ${await index.count()} documents`
      : `search index: followed the import, ${done.indexed} changes indexed`;
  } finally {
    await indexer.stop();
  }
}

export async function indexAfterImport(deps: { config: Config; store: Store; logger: Logger }, step: IndexStep, changes: number): Promise<string> {
  if (changes === 0) return 'search index: nothing to index, no profile changed';
  if (step === 'none') {
    return deps.config.mongodbUri
      ? 'search index: the indexer (npm run indexer) follows the change stream; /v1/ready shows its lag'
      : 'search index: left to the running indexer (the server\'s, or npm run indexer)';
  }
  const index = await openSearchIndex({ ...deps.config, searchReaderThreads: 0 }, deps.logger);
  try {
    if (step === 'follow') return await follow(deps.store, index, deps.logger);
    const total = await deps.store.profiles.countScannable();
    const started = Date.now();
    const peak = startPeakMemory();
    const line = progressLine();
    await rebuildIndex({
      feed: deps.store.changeFeed,
      profiles: deps.store.profiles,
      checkpoints: deps.store.checkpoints,
      index,
      logger: deps.logger,
      onProgress: (progress) => (progress.scanComplete ? line.finish(reindexProgress(progress, total, started)) : line.update(reindexProgress(progress, total, started))),
    });
    return `search index: rebuilt with ${await index.count()} documents in ${((Date.now() - started) / 1000).toFixed(1)} s, ${peakMemoryText(peak)}`;
  } finally {
    await index.close();
  }
}
