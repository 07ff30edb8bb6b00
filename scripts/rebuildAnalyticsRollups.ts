// `npm run analytics:rebuild`: re-counts the embedded analytics store's rollups (daily counts,
// per-day journey summaries, zero-click marks, peer totals) from its raw events, with a progress
// bar. Safe while the API runs: one business per transaction (src/adapters/sqlite/analytics/rebuildRollups.ts).
import { join } from 'node:path';
import { createSqliteAnalyticsStore } from '../src/adapters/sqlite/analytics/sqliteAnalyticsStore';
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

function main(): void {
  const config = loadConfig();
  if (config.analyticsEngine !== 'sqlite') {
    console.error('analytics:rebuild re-counts the embedded store (ANALYTICS_ENGINE=sqlite); Elasticsearch rollups are not rebuilt by this command');
    process.exit(2);
  }
  const store = createSqliteAnalyticsStore({ file: join(config.dataDir, 'analytics.db'), writerThread: false });
  const startedAt = Date.now();
  const interactive = process.stderr.isTTY === true;
  let shown = 0;
  try {
    const done = store.rebuildRollups((progress) => {
      if (interactive) process.stderr.write(`\r${progressBar(progress, startedAt)}`);
      else if (progress.businesses === progress.totalBusinesses || Date.now() - shown > 5000) {
        shown = Date.now();
        process.stderr.write(`${progressBar(progress, startedAt)}\n`);
      }
    });
    process.stderr.write(`${interactive ? '\n' : ''}rollups rebuilt: ${done.businesses} businesses, ${done.events.toLocaleString('en-US')} events, ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
  } finally {
    void store.close();
  }
}

try {
  main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `analytics:rebuild failed: ${(error as Error).message}`);
  process.exit(1);
}
