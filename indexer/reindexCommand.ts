// `npm run reindex`: builds a fresh index generation from the store and swaps it in
// atomically; the API keeps answering from the old generation meanwhile.
import { ConfigError, loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { openSearchIndex } from '../src/runtime/openSearchIndex';
import { openStore } from '../src/runtime/openStore';
import { peakMemoryText, startPeakMemory } from '../src/runtime/peakMemory';
import { reindexProgress } from '../src/runtime/progressBar';
import { rebuildIndex } from './rebuildIndex';
import { createThreadedPages } from '../src/runtime/threadedPages';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const store = await openStore(config, logger);
  const index = await openSearchIndex(config, logger);
  const total = await store.profiles.countScannable();
  const startedAt = Date.now();
  const peak = startPeakMemory();
  const cpuAtStart = { process: process.cpuUsage(), eventLoop: process.threadCpuUsage() };
  const interactive = process.stderr.isTTY === true;
  // The store is read and mapped on a thread with its own connection: this thread only writes.
  const pages = createThreadedPages(config);
  try {
    await rebuildIndex({
      feed: store.changeFeed,
      profiles: store.profiles,
      checkpoints: store.checkpoints,
      index,
      logger,
      pages: pages.read,
      onProgress: (progress) => {
        if (interactive) process.stderr.write(`\r${reindexProgress(progress, total, startedAt)}`);
        else if (progress.scanned % 10_000 === 0 || progress.scanComplete) process.stderr.write(`${reindexProgress(progress, total, startedAt)}\n`);
        // The merge can take minutes on a large index: say what the wait after 100 % is for.
        if (progress.scanComplete) process.stderr.write(`${interactive ? '\n' : ''}all profiles written; merging the new index into one segment and swapping it in\n`);
      },
    });
    const documents = await index.count();
    process.stderr.write(
      `reindex done: ${documents} documents in the index, ${((Date.now() - startedAt) / 1000).toFixed(1)} s, ${cpuText(cpuAtStart)}, ${peakMemoryText(peak)}\n`,
    );
  } finally {
    await pages.close();
    await index.close();
    await store.close();
  }
}

/** CPU since the start, every thread's and this one's (the event loop's): the build's wall time on a busy machine measures its queue. */
function cpuText(start: { process: NodeJS.CpuUsage; eventLoop: NodeJS.CpuUsage }): string {
  const seconds = (usage: NodeJS.CpuUsage) => ((usage.user + usage.system) / 1e6).toFixed(1);
  return `CPU ${seconds(process.cpuUsage(start.process))} s (event loop ${seconds(process.threadCpuUsage(start.eventLoop))} s)`;
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`reindex failed: ${(error as Error).message}`);
  process.exit(1);
});
