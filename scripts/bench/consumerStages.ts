// Where a consumer search's time goes, stage by stage (services/search/consumerSearch.ts): the
// benchmark's consumer requests run through the service itself, in-process, on a data directory
// a `bench:search --data-dir` run kept, with the in-memory session store and summary cache a
// single API process uses. No HTTP: what the API adds beyond these is the transport and Koa.
//
//   npx tsx scripts/bench/consumerStages.ts --data-dir DIR [--searches 20] [--rounds 2]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createLruSessionStore } from '../../src/adapters/memory/lruSessionStore';
import { createMemoryCache } from '../../src/adapters/memory/memoryCache';
import { loadConfig } from '../../src/config';
import type { Principal } from '../../src/domain/principal';
import { createLogger } from '../../src/logger';
import { openSearchIndex } from '../../src/runtime/openSearchIndex';
import { CONSUMER_SEARCH_STAGES, type ConsumerSearchStage, createConsumerSearch } from '../../src/services/search/consumerSearch';
import { CONSUMER_BODIES } from './benchScenarios';
import { summariseLatencies } from './latencySummary';

const PRINCIPAL: Principal = { accountId: 'acct_bench', environment: 'live', scopes: ['read:businesses'], via: 'api_key', role: 'user', plan: 'enterprise' };

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, searches: { type: 'string', default: '20' }, rounds: { type: 'string', default: '2' } } });
  const dataDir = values['data-dir'];
  const searches = Number(values.searches);
  const rounds = Number(values.rounds);
  if (dataDir === undefined || !(searches >= 1) || !(rounds >= 1)) throw new Error('usage: --data-dir DIR (kept by bench:search) [--searches 20] [--rounds 2]');
  const index = await openSearchIndex(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEARCH_READER_THREADS: '0' }), createLogger('warn'));
  let times = new Map<ConsumerSearchStage, number[]>();
  // The stages' time within the search under way: the rest of the whole is the pipeline's own.
  let staged = 0;
  const search = createConsumerSearch({
    index,
    sessions: createLruSessionStore(),
    summaryCache: createMemoryCache<string>(),
    logger: createLogger('warn'),
    clock: () => new Date(),
    onStage: (stage, ms) => {
      times.get(stage)?.push(ms);
      staged += ms;
    },
  });
  try {
    for (let round = 0; round <= rounds; round++) {
      // Round 0 warms the caches and is not reported.
      times = new Map(CONSUMER_SEARCH_STAGES.map((stage) => [stage, []]));
      const whole: number[] = [];
      const outside: number[] = [];
      for (let i = 0; i < searches; i++) {
        for (const body of CONSUMER_BODIES) {
          staged = 0;
          const started = performance.now();
          // A session per search: personalisation has nothing to go on, as for a first search.
          await search(PRINCIPAL, { ...body, limit: body.limit ?? 10, offset: 0 });
          const ms = performance.now() - started;
          whole.push(ms);
          outside.push(ms - staged);
        }
      }
      if (round === 0) continue;
      const line = [...times].map(([stage, samples]) => {
        const { p50, p99 } = summariseLatencies(samples);
        return `${stage} ${p50.toFixed(3)}/${p99.toFixed(2)}`;
      });
      const { p50, p99 } = summariseLatencies(whole);
      const rest = summariseLatencies(outside);
      console.log(`round ${round}, p50/p99 ms: ${line.join(', ')}; outside the stages ${rest.p50.toFixed(3)}/${rest.p99.toFixed(2)}; whole search ${p50.toFixed(2)}/${p99.toFixed(2)} (load ${loadavg().map((v) => v.toFixed(1)).join(' ')})`);
    }
  } finally {
    await index.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
