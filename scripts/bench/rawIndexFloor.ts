// The floor under the API numbers: the same index queries the API would run, sent straight
// to SearchIndex.search in this process, one after another, no HTTP, no ranking, no summary.
import { setTimeout as sleep } from 'node:timers/promises';
import type { SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { summariseLatencies, type LatencySummary } from './latencySummary';

export interface RawFloor {
  iterations: number;
  latency: LatencySummary;
  /** Searches per second of the whole timed loop (idle gaps included). */
  queriesPerSecond: number;
  /** Per query, same order as the queries: its median time and its matches (index `total`). */
  perQuery: Array<{ p50: number; total: number }>;
}

/** `idleGapMs`: an untimed pause before each timed search, as a client at one connection leaves (idleGapFloor.ts). */
export async function measureRawFloor(index: SearchIndex, queries: SearchQuery[], options: { iterations: number; warmup?: number; idleGapMs?: number }): Promise<RawFloor> {
  const totals: number[] = [];
  for (const query of queries) totals.push((await index.search(query)).total);
  for (let i = 0; i < (options.warmup ?? Math.min(200, options.iterations)); i++) await index.search(queries[i % queries.length]);
  const samples: number[] = [];
  const byQuery: number[][] = queries.map(() => []);
  const started = performance.now();
  for (let i = 0; i < options.iterations; i++) {
    const query = queries[i % queries.length];
    if (options.idleGapMs) await sleep(options.idleGapMs);
    const t0 = performance.now();
    await index.search(query);
    const elapsed = performance.now() - t0;
    samples.push(elapsed);
    byQuery[i % queries.length].push(elapsed);
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  return {
    iterations: options.iterations,
    latency: summariseLatencies(samples),
    queriesPerSecond: Math.round(options.iterations / elapsedSeconds),
    perQuery: byQuery.map((times, i) => ({ p50: summariseLatencies(times).p50, total: totals[i] })),
  };
}
