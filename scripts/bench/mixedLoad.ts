// A closed-loop mixed load on loopback: `connections` clients, each with its own keep-alive
// socket, sending the next request of a weighted, deterministic rotation as soon as the previous
// one is answered, for a bounded time. Latency is kept per request class, so one class's tail
// (directory listings) is seen apart from the others. Any non-2xx answer stops the run.
import { Agent, request } from 'node:http';
import { summariseLatencies, type LatencySummary } from './latencySummary';

export interface MixedRequest {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  /** A fresh body per send (creates need unique names). */
  body?: () => string;
}

export interface MixedRun {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  byKind: Record<string, LatencySummary>;
  /** Each minute of the run (1: the first): its answers, their p99 and the slowest (ms), all kinds. */
  minutes: Array<{ minute: number; requests: number; p99Ms: number; maxMs: number }>;
}

export async function runMixedLoad(options: { baseUrl: string; apiKey: string; rotation: MixedRequest[]; connections: number; seconds: number }): Promise<MixedRun> {
  const url = new URL(options.baseUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error('the mixed load runs on loopback only');
  const samples = new Map<string, number[]>();
  // Sparse: a minute with no answer (a stall) is a hole.
  const perMinute: Array<number[] | undefined> = [];
  const runStarted = performance.now();
  const deadline = runStarted + options.seconds * 1000;
  let sent = 0;
  let failure: Error | undefined;

  const send = (agent: Agent, next: MixedRequest) =>
    new Promise<void>((resolve, reject) => {
      const body = next.body?.();
      const started = performance.now();
      const req = request(
        {
          host: url.hostname, port: url.port, path: next.path, method: next.method, agent,
          headers: { Authorization: `Bearer ${options.apiKey}`, ...(body !== undefined && { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) return reject(new Error(`${next.method} ${next.path}: ${status} ${Buffer.concat(chunks).toString().slice(0, 300)}`));
            let list = samples.get(next.kind);
            if (!list) samples.set(next.kind, (list = []));
            const now = performance.now();
            list.push(now - started);
            (perMinute[Math.floor((now - runStarted) / 60_000)] ??= []).push(now - started);
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const client = async (offset: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = offset; performance.now() < deadline && !failure; i += 1) {
        await send(agent, options.rotation[i % options.rotation.length]);
        sent += 1;
      }
    } catch (error) {
      failure ??= error as Error;
    } finally {
      agent.destroy();
    }
  };
  const started = runStarted;
  // Each client starts at its own place in the rotation, so the mix holds at every moment.
  const step = Math.max(1, Math.floor(options.rotation.length / options.connections));
  await Promise.all(Array.from({ length: options.connections }, (_, c) => client(c * step)));
  if (failure) throw failure;
  const seconds = (performance.now() - started) / 1000;
  const byKind = Object.fromEntries([...samples].map(([kind, list]) => [kind, summariseLatencies(list)]));
  const minutes = [...perMinute.entries()].flatMap(([minute, list]) => {
    if (list === undefined) return [];
    const summary = summariseLatencies(list);
    return [{ minute: minute + 1, requests: summary.count, p99Ms: summary.p99, maxMs: summary.max }];
  });
  return { seconds, requests: sent, requestsPerSecond: sent / seconds, byKind, minutes };
}
