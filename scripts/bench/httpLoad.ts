// Drives one endpoint with autocannon, rotating through the scenario's requests, and keeps
// every response time (autocannon's own histogram has whole-millisecond resolution, too
// coarse for single-digit latencies) plus the error and status counts.
import type { BenchRequest } from './benchScenarios';
import { summariseLatencies, type LatencySummary } from './latencySummary';

// autocannon ships no types; this is the part of its API used here.
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  requests: { total: number; average: number };
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): void;
  stop(): void;
}
type Autocannon = (options: Record<string, unknown>, done: (error: Error | null, result: AutocannonResult) => void) => AutocannonInstance;
const autocannon = require('autocannon') as Autocannon;

export interface HttpRun {
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latency: LatencySummary;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

let running: AutocannonInstance | undefined;

/** Stops a run in progress (Ctrl-C). */
export function stopHttpLoad(): void {
  running?.stop();
}

export async function runHttpLoad(options: {
  baseUrl: string;
  apiKey: string;
  requests: BenchRequest[];
  connections: number;
  durationSeconds: number;
}): Promise<HttpRun> {
  const samples: number[] = [];
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    running = autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        duration: options.durationSeconds,
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        // Each connection walks the list in order and starts over: every query gets its share.
        requests: options.requests.map((request) => ({ method: request.method, path: request.path, ...(request.body !== undefined && { body: request.body }) })),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    running.on('response', (_client, _status, _bytes, responseTimeMs) => samples.push(responseTimeMs));
  });
  running = undefined;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]));
  return {
    connections: options.connections,
    durationSeconds: result.duration,
    requests: samples.length,
    requestsPerSecond: Math.round((samples.length / result.duration) * 10) / 10,
    latency: summariseLatencies(samples),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
}
