// Preloaded into a benchmarked server (NODE_OPTIONS=--require .../memoryProbe.cjs) when
// MEMORY_PROBE_DIR is set: every MEMORY_PROBE_MS (default 10 000) each thread of each process
// appends one JSON line of process.memoryUsage() and its own V8 heap to <dir>/<pid>.jsonl, so a
// soak can tell a heap that grows (a leak in JavaScript) from resident memory that grows outside
// it (native caches, SQLite, the allocator). Each line also says what could have held a request up
// in that interval on that thread: its garbage collections (count, total and longest pause) and,
// on the main thread, the event loop's delay (longest and p99). Plain CommonJS: it runs before tsx
// is loaded.
'use strict';
const dir = process.env.MEMORY_PROBE_DIR;
if (dir) {
  const { appendFileSync } = require('node:fs');
  const { join } = require('node:path');
  const { getHeapStatistics } = require('node:v8');
  const { PerformanceObserver, monitorEventLoopDelay } = require('node:perf_hooks');
  const { isMainThread, threadId } = require('node:worker_threads');
  const every = Number(process.env.MEMORY_PROBE_MS) || 10_000;
  const file = join(dir, `${process.pid}.jsonl`);
  const mib = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
  const ms = (value) => Math.round(value * 10) / 10;
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const loopDelay = isMainThread ? monitorEventLoopDelay({ resolution: 10 }) : undefined;
  loopDelay?.enable();
  const sample = () => {
    const usage = process.memoryUsage();
    const heap = getHeapStatistics();
    const line = {
      at: Date.now(), pid: process.pid, thread: threadId,
      rss: mib(usage.rss), heapTotal: mib(heap.total_heap_size), heapUsed: mib(heap.used_heap_size),
      external: mib(usage.external), arrayBuffers: mib(usage.arrayBuffers), malloced: mib(heap.malloced_memory),
      gcCount: gc.count, gcMs: ms(gc.totalMs), gcMaxMs: ms(gc.maxMs),
      ...(loopDelay && { loopDelayMaxMs: ms(loopDelay.max / 1e6), loopDelayP99Ms: ms(loopDelay.percentile(99) / 1e6) }),
    };
    gc = { count: 0, totalMs: 0, maxMs: 0 };
    loopDelay?.reset();
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // The soak removed its directory: nothing left to report to.
    }
  };
  setInterval(sample, every).unref();
  sample();
}
