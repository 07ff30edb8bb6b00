// What memoryProbe.cjs, preloaded into a benchmarked server, wrote: per minute of a run, the
// server's resident memory beside its V8 heaps, so a soak's growth can be put where it is (the
// JavaScript heap, the worker threads' heaps, or native memory outside them: SQLite's page
// caches, the allocator).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const MEMORY_PROBE = resolve(__dirname, 'memoryProbe.cjs');

interface ProbeLine {
  at: number;
  thread: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** Garbage collections on the thread since the last line: count, pause total and longest (ms). */
  gcCount?: number;
  gcMs?: number;
  gcMaxMs?: number;
  /** Main thread: the event loop's longest delay and p99 since the last line (ms). */
  loopDelayMaxMs?: number;
  loopDelayP99Ms?: number;
  /** Main thread: the longest stall of the loop since the last line, what it ran, waited for a core and collected in it (ms). */
  stallMs?: number;
  stallCpuMs?: number;
  stallWaitMs?: number;
  stallGcMs?: number;
  /** Main thread since the last line: ms on a core, ms runnable but waiting for one. */
  runMs?: number;
  waitMs?: number;
}

/** The event loop's longest stall: how long, and how much of it the thread ran, waited for a core, collected garbage (ms). */
export interface LoopStall {
  ms: number;
  cpuMs: number;
  waitMs: number;
  gcMs: number;
}

export interface MinuteOfMemory {
  minute: number;
  rssMiB: number;
  /** The main thread's heap: reserved, and the least used in that minute (what survived collections). */
  heapTotalMiB: number;
  heapUsedLowMiB: number;
  externalMiB: number;
  /** The worker threads' (search readers, analytics writer) heaps together, reserved. */
  workersHeapTotalMiB: number;
  /** The main thread's longest garbage-collection pause in the minute, and its pauses' total (ms). */
  gcMaxMs: number;
  gcTotalMs: number;
  /** The worker threads' longest pause in the minute (ms). */
  workersGcMaxMs: number;
  /** The main thread's event loop: longest delay in the minute (ms). */
  loopDelayMaxMs: number;
  /** The main thread's longest stall in the minute (Linux only). */
  stall?: LoopStall;
  /** The main thread in the minute: seconds on a core, seconds runnable but waiting for one (Linux only). */
  mainRunS?: number;
  mainWaitS?: number;
}

/** The environment that makes a server (started through tsx) write its samples into `dir`. */
export function probeEnvironment(dir: string, everyMs: number): NodeJS.ProcessEnv {
  return { MEMORY_PROBE_DIR: dir, MEMORY_PROBE_MS: String(everyMs), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${MEMORY_PROBE}`.trim() };
}

/** Process `pid`'s samples as one row per minute after `fromMs`, each showing the minute's end (row 1: the first minute). */
export function minutesOfMemory(dir: string, pid: number, fromMs: number): MinuteOfMemory[] {
  const file = join(dir, `${pid}.jsonl`);
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as ProbeLine).filter((line) => line.at >= fromMs);
  const byMinute = new Map<number, ProbeLine[]>();
  for (const line of lines) {
    const minute = Math.floor((line.at - fromMs) / 60_000);
    let list = byMinute.get(minute);
    if (!list) byMinute.set(minute, (list = []));
    list.push(line);
  }
  const rows: MinuteOfMemory[] = [];
  for (const [minute, list] of byMinute) {
    const main = list.filter((line) => line.thread === 0);
    const last = main.at(-1);
    if (!last) continue;
    // The last sample of each worker thread in that minute.
    const workers = new Map<number, ProbeLine>();
    for (const line of list) if (line.thread !== 0) workers.set(line.thread, line);
    rows.push({
      minute: minute + 1,
      rssMiB: Math.round(last.rss),
      heapTotalMiB: Math.round(last.heapTotal),
      heapUsedLowMiB: Math.round(Math.min(...main.map((line) => line.heapUsed))),
      externalMiB: Math.round(last.external),
      workersHeapTotalMiB: Math.round([...workers.values()].reduce((sum, line) => sum + line.heapTotal, 0)),
      gcMaxMs: Math.max(0, ...main.map((line) => line.gcMaxMs ?? 0)),
      gcTotalMs: Math.round(main.reduce((sum, line) => sum + (line.gcMs ?? 0), 0)),
      workersGcMaxMs: Math.max(0, ...list.filter((line) => line.thread !== 0).map((line) => line.gcMaxMs ?? 0)),
      loopDelayMaxMs: Math.max(0, ...main.map((line) => line.loopDelayMaxMs ?? 0)),
      ...schedulerFigures(main),
    });
  }
  return rows.sort((a, b) => a.minute - b.minute);
}

/** A minute's longest stall and the main thread's time on and waiting for a core, where the probe could read them. */
function schedulerFigures(main: ProbeLine[]): Pick<MinuteOfMemory, 'stall' | 'mainRunS' | 'mainWaitS'> {
  const read = main.filter((line) => line.stallMs !== undefined);
  if (read.length === 0) return {};
  const longest = read.reduce((worst, line) => ((line.stallMs ?? 0) > (worst.stallMs ?? 0) ? line : worst));
  const seconds = (field: 'runMs' | 'waitMs') => Math.round(read.reduce((sum, line) => sum + (line[field] ?? 0), 0) / 100) / 10;
  return {
    stall: { ms: longest.stallMs ?? 0, cpuMs: longest.stallCpuMs ?? 0, waitMs: longest.stallWaitMs ?? 0, gcMs: longest.stallGcMs ?? 0 },
    mainRunS: seconds('runMs'),
    mainWaitS: seconds('waitMs'),
  };
}
