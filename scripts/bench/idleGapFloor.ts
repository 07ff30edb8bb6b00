// What a pause between searches costs: the benchmark's raw index queries of one scenario, on a
// data directory a `bench:search --data-dir` run kept, timed back to back and with an idle gap
// before each search (a client at one connection leaves one between its requests). In-process,
// on the event loop like a lone client's searches, no HTTP: the difference is the machine's.
//
//   npx tsx scripts/bench/idleGapFloor.ts --data-dir DIR [--scenario consumer] [--gaps 0,1,5] [--rounds 2]
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import type { SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { openSearchIndex } from '../../src/runtime/openSearchIndex';
import { benchScenarios } from './benchScenarios';
import { summariseLatencies } from './latencySummary';

/** Each query about twenty times per measurement. */
const SEARCHES_PER_QUERY = 20;

async function timeSearches(index: SearchIndex, queries: SearchQuery[], gapMs: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < queries.length * SEARCHES_PER_QUERY; i++) {
    if (gapMs > 0) await sleep(gapMs);
    const started = performance.now();
    await index.search(queries[i % queries.length]);
    samples.push(performance.now() - started);
  }
  return samples;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'data-dir': { type: 'string' }, scenario: { type: 'string', default: 'consumer' }, gaps: { type: 'string', default: '0,1,5' }, rounds: { type: 'string', default: '2' } },
  });
  const dataDir = values['data-dir'];
  const scenario = benchScenarios().find((s) => s.name === values.scenario);
  const gaps = (values.gaps ?? '').split(',').map(Number);
  const rounds = Number(values.rounds);
  if (dataDir === undefined || scenario === undefined || gaps.some((g) => !Number.isFinite(g) || g < 0) || !Number.isInteger(rounds) || rounds < 1) {
    throw new Error('usage: --data-dir DIR (kept by bench:search) [--scenario consumer|directory|partner] [--gaps 0,1,5] [--rounds 2]');
  }
  const index = await openSearchIndex(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEARCH_READER_THREADS: '0' }), createLogger('warn'));
  try {
    const queries = await scenario.indexQueries();
    await timeSearches(index, queries, 0); // warm the caches first
    for (let round = 1; round <= rounds; round++) {
      for (const gap of gaps) {
        const latency = summariseLatencies(await timeSearches(index, queries, gap));
        console.log(`${scenario.name}, round ${round}, idle gap ${gap} ms: p50 ${latency.p50} ms, p99 ${latency.p99} ms`);
      }
    }
  } finally {
    await index.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
