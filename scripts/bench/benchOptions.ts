// Command-line options of `npm run bench:search`.
import { parseArgs } from 'node:util';

export type Engine = 'sqlite' | 'elasticsearch';

/** Index (alias) name on a shared Elasticsearch, so the bench never rebuilds the real `profiles`. */
export const ES_BENCH_INDEX = 'bench_profiles';

export interface BenchOptions {
  count: number;
  seed: string;
  engine: Engine;
  esUrl?: string;
  /** Seconds of load per scenario, at `connections` concurrent connections. */
  duration: number;
  connections: number;
  /** Seconds of discarded load before each scenario. */
  warmup: number;
  /** Seconds at one connection per scenario: the API latency compared with the raw floor. */
  latencyDuration: number;
  rawIterations: number;
  outDir: string;
  /**
   * Keep the generated store and index here, and reuse them when the directory already holds a
   * loaded data set (same count and seed): iterating on the search code without regenerating.
   */
  dataDir?: string;
  /** Stop after the raw index floor (no server, no HTTP runs). */
  rawOnly: boolean;
}

export const USAGE = `Usage: npm run bench:search -- [options]
  --count N              businesses to generate (default 100000)
  --seed S               generator seed (default "bench")
  --engine E             sqlite (default) or elasticsearch
  --es-url URL           Elasticsearch address (with --engine elasticsearch; default http://127.0.0.1:9200)
  --duration S           seconds of load per endpoint (default 15)
  --connections N        concurrent connections of the load run (default 10)
  --warmup S             seconds of discarded warm-up load per endpoint (default 2)
  --latency-duration S   seconds at 1 connection per endpoint, for the overhead column (default 5)
  --raw-iterations N     in-process index queries per endpoint for the floor (default 2000)
  --out DIR              where the JSON result goes (default bench-results)
  --data-dir DIR         keep the loaded store and index in DIR, and reuse them on the next run with the same count and seed
  --raw-only             stop after the raw index floor (no server, no HTTP runs)`;

function positive(name: string, raw: string | undefined, fallback: number, integer = true): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) throw new Error(`--${name} must be a positive ${integer ? 'whole ' : ''}number (got "${raw}")`);
  return value;
}

export function parseBenchOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string' }, seed: { type: 'string' }, engine: { type: 'string' }, 'es-url': { type: 'string' },
      duration: { type: 'string' }, connections: { type: 'string' }, warmup: { type: 'string' },
      'latency-duration': { type: 'string' }, 'raw-iterations': { type: 'string' }, out: { type: 'string' },
      'data-dir': { type: 'string' }, 'raw-only': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const engine = values.engine ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'elasticsearch') throw new Error(`--engine must be sqlite or elasticsearch (got "${values.engine}")`);
  const esUrl = engine === 'elasticsearch' ? values['es-url'] ?? 'http://127.0.0.1:9200' : undefined;
  if (esUrl !== undefined && !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(esUrl).hostname)) {
    throw new Error('--es-url must point at this machine (127.0.0.1): the benchmark rebuilds an index there');
  }
  return {
    count: positive('count', values.count, 100_000),
    seed: values.seed ?? 'bench',
    engine,
    ...(esUrl !== undefined && { esUrl }),
    duration: positive('duration', values.duration, 15, false),
    connections: positive('connections', values.connections, 10),
    warmup: values.warmup === '0' ? 0 : positive('warmup', values.warmup, 2, false),
    latencyDuration: positive('latency-duration', values['latency-duration'], 5, false),
    rawIterations: positive('raw-iterations', values['raw-iterations'], 2000),
    outDir: values.out ?? 'bench-results',
    ...(values['data-dir'] !== undefined && { dataDir: values['data-dir'] }),
    rawOnly: values['raw-only'] === true,
  };
}
