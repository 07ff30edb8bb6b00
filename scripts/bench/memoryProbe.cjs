// Preloaded into a benchmarked server (NODE_OPTIONS=--require .../memoryProbe.cjs) when
// MEMORY_PROBE_DIR is set: every MEMORY_PROBE_MS (default 10 000) each thread of each process
// appends one JSON line of process.memoryUsage() and its own V8 heap to <dir>/<pid>.jsonl, so a
// soak can tell a heap that grows (a leak in JavaScript) from resident memory that grows outside
// it (native caches, SQLite, the allocator). Plain CommonJS: it runs before tsx is loaded.
'use strict';
const dir = process.env.MEMORY_PROBE_DIR;
if (dir) {
  const { appendFileSync } = require('node:fs');
  const { join } = require('node:path');
  const { getHeapStatistics } = require('node:v8');
  const { threadId } = require('node:worker_threads');
  const every = Number(process.env.MEMORY_PROBE_MS) || 10_000;
  const file = join(dir, `${process.pid}.jsonl`);
  const mib = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
  const sample = () => {
    const usage = process.memoryUsage();
    const heap = getHeapStatistics();
    const line = {
      at: Date.now(), pid: process.pid, thread: threadId,
      rss: mib(usage.rss), heapTotal: mib(heap.total_heap_size), heapUsed: mib(heap.used_heap_size),
      external: mib(usage.external), arrayBuffers: mib(usage.arrayBuffers), malloced: mib(heap.malloced_memory),
    };
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // The soak removed its directory: nothing left to report to.
    }
  };
  setInterval(sample, every).unref();
  sample();
}
