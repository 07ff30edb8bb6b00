// What a pause between searches costs: the benchmark's raw index queries of one scenario, on a
// data directory a `bench:search --data-dir` run kept, timed back to back and with an idle gap
// before each search (a client at one connection leaves one between its requests). In-process,
// on the event loop like a lone client's searches, no HTTP: the difference is the machine's.
//
//   npx tsx scripts/bench/idleGapFloor.ts --data-dir DIR [--scenario consumer] [--gaps 0,1,5] [--rounds 2]
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { openSearchIndex } from '../../src/runtime/openSearchIndex';
import { benchScenarios } from './benchScenarios';
import { measureRawFloor } from './rawIndexFloor';

/** Each query about twenty times per measurement. */
const SEARCHES_PER_QUERY = 20;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'data-dir': { type: 'string' }, scenario: { type: 'string', default: 'consumer' }, gaps: { type: 'string', default: '0,1,5' }, rounds: { type: 'string', default: '2' } },
  });
  const dataDir = values['data-dir'];
  const scenario = benchScenarios().find((s) => s.name === values.scenario);
  const gaps = values.gaps.split(',').map(Number);
  const rounds = Number(values.rounds);
  if (dataDir === undefined || scenario === undefined || gaps.some((g) => !Number.isFinite(g) || g < 0) || !Number.isInteger(rounds) || rounds < 1) {
    throw new Error('usage: --data-dir DIR (kept by bench:search) [--scenario consumer|directory|partner] [--gaps 0,1,5] [--rounds 2]');
  }
  const index = await openSearchIndex(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEARCH_READER_THREADS: '0' }), createLogger('warn'));
  try {
    const queries = await scenario.indexQueries();
    const iterations = queries.length * SEARCHES_PER_QUERY;
    // Caches warm once, before the first round, as long as one measurement.
    for (let round = 1; round <= rounds; round++) {
      for (const [i, idleGapMs] of gaps.entries()) {
        const warmup = round === 1 && i === 0 ? iterations : 0;
        const { latency } = await measureRawFloor(index, queries, { iterations, warmup, idleGapMs });
        console.log(`${scenario.name}, round ${round}, idle gap ${idleGapMs} ms: p50 ${latency.p50} ms, p99 ${latency.p99} ms`);
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
