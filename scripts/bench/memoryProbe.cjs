// Preloaded into a benchmarked server (NODE_OPTIONS=--require .../memoryProbe.cjs) when
// MEMORY_PROBE_DIR is set: every MEMORY_PROBE_MS (default 10 000) each thread of each process
// appends one JSON line of process.memoryUsage() and its own V8 heap to <dir>/<pid>.jsonl, so a
// soak can tell a heap that grows (a leak in JavaScript) from resident memory that grows outside
// it (native caches, SQLite, the allocator). Each line also says what could have held a request up
// in that interval on that thread: its garbage collections (count, total and longest pause) and,
// on the main thread, the event loop's delay (longest and p99) and its longest stall, split by the
// kernel's scheduler statistics (/proc/thread-self/schedstat) into the CPU the thread ran in it (our
// code and its collections) and the time it waited for a core (the machine's load); what is left,
// it slept (a blocking system call). Plain CommonJS: it runs before tsx is loaded.
'use strict';
const dir = process.env.MEMORY_PROBE_DIR;
if (dir) {
  const { appendFileSync, readFileSync } = require('node:fs');
  const { join } = require('node:path');
  const { getHeapStatistics } = require('node:v8');
  const { PerformanceObserver, monitorEventLoopDelay } = require('node:perf_hooks');
  const { isMainThread, threadId } = require('node:worker_threads');
  const every = Number(process.env.MEMORY_PROBE_MS) || 10_000;
  const file = join(dir, `${process.pid}.jsonl`);
  const mib = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
  const ms = (value) => Math.round(value * 10) / 10;
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  // The main thread's collections of the interval, to find those that fell in its longest stall.
  let collections = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (isMainThread) collections.push({ from: entry.startTime, ms: entry.duration });
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const loopDelay = isMainThread ? monitorEventLoopDelay({ resolution: 10 }) : undefined;
  loopDelay?.enable();
  // The main thread's scheduler figures so far (ms on a core, ms runnable but waiting for one); null off Linux.
  const schedstat = () => {
    try {
      const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
      return { run: Number(run) / 1e6, wait: Number(wait) / 1e6 };
    } catch {
      return null;
    }
  };
  const TICK_MS = 20;
  let tick = isMainThread ? { at: performance.now(), sched: schedstat() } : undefined;
  let intervalSched = tick?.sched;
  let stall = { ms: 0, cpuMs: 0, waitMs: 0, from: 0 };
  if (tick?.sched) {
    // A timer every 20 ms: the time between two of its runs is a stall of the loop when it is long.
    setInterval(() => {
      const at = performance.now();
      const sched = schedstat();
      if (sched && at - tick.at > stall.ms) stall = { ms: at - tick.at, cpuMs: sched.run - tick.sched.run, waitMs: sched.wait - tick.sched.wait, from: tick.at };
      tick = { at, sched: sched ?? tick.sched };
    }, TICK_MS).unref();
  }
  // The interval's longest stall (with the collections in it) and the main thread's CPU and wait
  // for a core over the interval.
  const stallFigures = () => {
    const now = intervalSched && schedstat();
    if (!now) return {};
    const inStall = collections.filter((entry) => entry.from >= stall.from && entry.from < stall.from + stall.ms);
    const figures = {
      stallMs: ms(stall.ms), stallCpuMs: ms(stall.cpuMs), stallWaitMs: ms(stall.waitMs),
      stallGcMs: ms(inStall.reduce((sum, entry) => sum + entry.ms, 0)),
      runMs: ms(now.run - intervalSched.run), waitMs: ms(now.wait - intervalSched.wait),
    };
    intervalSched = now;
    return figures;
  };
  const sample = () => {
    const usage = process.memoryUsage();
    const heap = getHeapStatistics();
    const line = {
      at: Date.now(), pid: process.pid, thread: threadId,
      rss: mib(usage.rss), heapTotal: mib(heap.total_heap_size), heapUsed: mib(heap.used_heap_size),
      external: mib(usage.external), arrayBuffers: mib(usage.arrayBuffers), malloced: mib(heap.malloced_memory),
      gcCount: gc.count, gcMs: ms(gc.totalMs), gcMaxMs: ms(gc.maxMs),
      ...(loopDelay && { loopDelayMaxMs: ms(loopDelay.max / 1e6), loopDelayP99Ms: ms(loopDelay.percentile(99) / 1e6) }),
      ...(stallFigures()),
    };
    stall = { ms: 0, cpuMs: 0, waitMs: 0, from: 0 };
    collections = [];
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
