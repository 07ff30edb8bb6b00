// Top-k text retrieval against the SQL plans it replaces, on one kept data directory: the
// benchmark's raw index queries of a scenario, timed in turns through an index that answers text
// searches from the search lists (SEARCH_TOP_TEXT, the default) and one that keeps the SQL plans,
// in-process, on the event loop. Both read the same file in the same minutes, so the machine's
// load weighs on both alike. Prints each round's p50 / p99, the process's CPU time per search
// (what a search costs apart from waiting for a core) and, per query, both medians.
//
//   npx tsx scripts/bench/topTextFloor.ts --data-dir DIR [--scenario consumer] [--rounds 3] [--searches 20]
//     [--only WORDS] (the queries whose text or filters mention WORDS) [--lists-only] (no SQL plans:
//     to compare two builds of the code, each run in its own process, rounds in turns)
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { openSearchIndex } from '../../src/runtime/openSearchIndex';
import { benchScenarios } from './benchScenarios';
import { measureRawFloor, type RawFloor } from './rawIndexFloor';

const load = (): string => loadavg().map((value) => value.toFixed(1)).join(' ');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      scenario: { type: 'string', default: 'consumer' },
      rounds: { type: 'string', default: '3' },
      searches: { type: 'string', default: '20' },
      only: { type: 'string' },
      'lists-only': { type: 'boolean', default: false },
    },
  });
  const dataDir = values['data-dir'];
  const scenario = benchScenarios().find((s) => s.name === values.scenario);
  const rounds = Number(values.rounds);
  const searches = Number(values.searches);
  if (dataDir === undefined || scenario === undefined || !(rounds >= 1) || !(searches >= 1)) {
    throw new Error('usage: --data-dir DIR (kept by bench:search) [--scenario consumer|directory|partner] [--rounds 3] [--searches 20]');
  }
  const open = (topText: boolean) =>
    openSearchIndex(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEARCH_READER_THREADS: '0', SEARCH_TOP_TEXT: String(topText) }), createLogger('warn'));
  const lists = await open(true);
  const plans = values['lists-only'] ? undefined : await open(false);
  const indexes = plans === undefined ? ([['search lists', lists]] as const) : ([['search lists', lists], ['SQL plans', plans]] as const);
  try {
    const only = values.only;
    const queries = (await scenario.indexQueries()).filter((query) => only === undefined || JSON.stringify(query).includes(only));
    if (queries.length === 0) throw new Error(`no query of ${scenario.name} mentions ${only}`);
    const iterations = queries.length * searches;
    const last: Record<string, RawFloor> = {};
    for (let round = 1; round <= rounds; round++) {
      for (const [name, index] of indexes) {
        if (round === 1) await measureRawFloor(index, queries, { iterations, warmup: 0 });
        // CPU time of the process per search: on a shared machine, what a search costs apart from waiting for a core.
        const cpuBefore = process.cpuUsage();
        const floor = await measureRawFloor(index, queries, { iterations, warmup: 0 });
        const cpu = process.cpuUsage(cpuBefore);
        last[name] = floor;
        const cpuMs = ((cpu.user + cpu.system) / 1000 / (iterations + queries.length)).toFixed(2);
        console.log(`${scenario.name}, round ${round}, ${name}: p50 ${floor.latency.p50} ms, p99 ${floor.latency.p99} ms, CPU ${cpuMs} ms a search (load ${load()})`);
      }
    }
    console.log('per query, last round, p50 ms (search lists / SQL plans), matches (search lists / SQL plans when they differ):');
    queries.forEach((query, i) => {
      const a = last['search lists'].perQuery[i];
      const b = (last['SQL plans'] ?? last['search lists']).perQuery[i];
      // Past EXACT_TOTAL_BOUND the search lists may stop counting (a lower bound); below it both are exact.
      const matches = a.total === b.total ? `${a.total}` : `${a.total} / ${b.total}`;
      console.log(`  ${a.p50.toFixed(2)} / ${b.p50.toFixed(2)}  ${matches}  ${query.text ?? ''}`);
    });
  } finally {
    await lists.close();
    await plans?.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
