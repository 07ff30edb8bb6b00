// The API server (src/server.ts) as SERVER_PROCESSES processes behind one listening socket
// (node:cluster: the primary accepts and hands connections round-robin to its workers), for the
// both-cores measurement in coresThroughput.ts only. Each worker opens the same data directory
// as `npm start` does; nothing here makes the per-process state (rate-limit counters, sessions,
// MCP sessions, the analytics writer, the indexer) shared, which is why this is a benchmark and
// not a way to run the server (docs/benchmarks.md).
import cluster from 'node:cluster';
import { resolve } from 'node:path';

const processes = Number(process.env.SERVER_PROCESSES ?? 2);
cluster.setupPrimary({ exec: resolve(__dirname, '../../src/server.ts'), execArgv: ['--import', 'tsx', '--max-semi-space-size=8'] });
for (let i = 0; i < processes; i++) cluster.fork();
// A worker that stops takes the primary with it: the benchmark then sees the failure.
cluster.on('exit', (worker, code) => {
  if (code !== 0) console.error(`worker ${worker.process.pid} exited with code ${code}`);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- null when a signal ended the worker, though node's types say number
  process.exit(code ?? 1);
});
// The benchmark stops the whole process group; the workers shut down on their own SIGTERM.
process.on('SIGTERM', () => undefined);
