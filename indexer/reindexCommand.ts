// `npm run reindex`: builds a fresh index generation from the store and swaps it in
// atomically; the API keeps answering from the old generation meanwhile.
import { ConfigError, loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { openSearchIndex } from '../src/runtime/openSearchIndex';
import { openStore } from '../src/runtime/openStore';
import { fullReindex, type ReindexProgress } from './fullReindex';

/** `[#########.........] 45% 45000/100000 profiles, 0 failed, 0 skipped, 2300/s` */
function progressBar(progress: ReindexProgress, total: number, startedAt: number): string {
  const seconds = (Date.now() - startedAt) / 1000;
  const rate = seconds > 0 ? Math.round(progress.scanned / seconds) : 0;
  const share = total > 0 ? Math.min(1, progress.scanned / total) : 1;
  const width = 30;
  const filled = Math.round(share * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(share * 100)}% ${progress.scanned}/${total} profiles, ${progress.failed} failed, ${progress.skipped} skipped, ${rate}/s`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const store = await openStore(config, logger);
  const index = await openSearchIndex(config, logger);
  const total = await store.profiles.countScannable();
  const startedAt = Date.now();
  const interactive = process.stderr.isTTY === true;
  try {
    const position = await fullReindex({
      feed: store.changeFeed,
      profiles: store.profiles,
      index,
      logger,
      onProgress: (progress) => {
        if (interactive) process.stderr.write(`\r${progressBar(progress, total, startedAt)}`);
        else if (progress.scanned % 10_000 === 0 || progress.scanComplete) process.stderr.write(`${progressBar(progress, total, startedAt)}\n`);
        // The merge can take minutes on a large index: say what the wait after 100 % is for.
        if (progress.scanComplete) process.stderr.write(`${interactive ? '\n' : ''}all profiles written; merging the new index into one segment and swapping it in\n`);
      },
    });
    // The indexer resumes from the feed position taken before the scan (idempotent replay).
    if (position !== null) await store.checkpoints.save('search-indexer', position);
    const documents = await index.count();
    process.stderr.write(`reindex done: ${documents} documents in the index, ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
  } finally {
    await index.close();
    await store.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`reindex failed: ${(error as Error).message}`);
  process.exit(1);
});
