// `npm run analytics:rebuild`: re-counts the analytics store's rollups from its raw events, with a
// progress bar, one business at a time. Embedded (ANALYTICS_ENGINE=sqlite): daily counts, per-day
// journey summaries, zero-click marks and peer totals, one business per transaction, safe while the
// API runs (src/adapters/sqlite/analytics/rebuildRollups.ts). Elasticsearch: daily counts, journey-day
// summaries and zero-click marks, with ingestion paused (src/adapters/elasticsearch/analytics/rebuildRollups.ts).
import { join } from 'node:path';
import { createSqliteAnalyticsStore } from '../src/adapters/sqlite/analytics/sqliteAnalyticsStore';
import { createElasticsearchAnalyticsStore } from '../src/adapters/elasticsearch/analytics/elasticsearchAnalyticsStore';
import type { RebuildProgress } from '../src/adapters/sqlite/analytics/rebuildRollups';
import { ConfigError, loadConfig } from '../src/config';

/** `[#########.........] 45% 4500/10000 businesses, 4 512 000 events, 38 s` */
function progressBar(progress: RebuildProgress, startedAt: number): string {
  const share = progress.totalBusinesses > 0 ? progress.businesses / progress.totalBusinesses : 1;
  const width = 30;
  const filled = Math.round(share * width);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(share * 100)}% ${progress.businesses}/${progress.totalBusinesses} businesses, ${progress.events.toLocaleString('en-US')} events, ${seconds} s`;
}

/** Prints the bar on one line on a terminal, every 5 s (and at the end) otherwise. */
function progressPrinter(startedAt: number): (progress: RebuildProgress) => void {
  const interactive = process.stderr.isTTY === true;
  let shown = 0;
  return (progress) => {
    if (interactive) process.stderr.write(`\r${progressBar(progress, startedAt)}`);
    else if (progress.businesses === progress.totalBusinesses || Date.now() - shown > 5000) {
      shown = Date.now();
      process.stderr.write(`${progressBar(progress, startedAt)}\n`);
    }
  };
}

function report(done: RebuildProgress, startedAt: number): void {
  process.stderr.write(`${process.stderr.isTTY ? '\n' : ''}rollups rebuilt: ${done.businesses} businesses, ${done.events.toLocaleString('en-US')} events, ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const startedAt = Date.now();
  if (config.analyticsEngine === 'elasticsearch') {
    const store = createElasticsearchAnalyticsStore({ node: config.elasticsearchUrl!, requestTimeoutMs: 120_000 });
    try {
      report(await store.rebuildRollups(progressPrinter(startedAt)), startedAt);
    } finally {
      await store.close();
    }
    return;
  }
  const store = createSqliteAnalyticsStore({ file: join(config.dataDir, 'analytics.db'), writerThread: false });
  try {
    report(store.rebuildRollups(progressPrinter(startedAt)), startedAt);
  } finally {
    void store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `analytics:rebuild failed: ${(error as Error).message}`);
  process.exit(1);
});
