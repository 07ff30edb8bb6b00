// The EventRecorder of the service's own answers: a bounded in-process
// buffer, written to the analytics store in batches, one batch in flight at a time. A batch is
// written as soon as `batchSize` events wait, and whatever waits at least every flush interval
// (250 ms by default) and on close (SIGTERM). Recording never waits and never fails the answer
// that produced the events; the store's write itself runs off the event loop (the embedded
// store's writer thread, Elasticsearch's HTTP).
//
// The buffer is per process, on purpose, with explicit bounds (ANALYTICS_BUFFER_EVENTS,
// ANALYTICS_FLUSH_INTERVAL_MS): a crash (not a SIGTERM) loses at most the events buffered, that is
// at most `capacity` events and normally one flush interval of them. Backpressure: while the
// store is slower than events arrive the buffer fills; once full, new events are dropped and
// counted (stats().dropped, in the admin readiness report, and logged once per flush), never
// silently. A failed write puts the batch back in front when there is room, and the store
// de-duplicates by eventId, so a write that partly succeeded is not counted twice.
import type { AnalyticsEvent } from '../../domain/analytics/analyticsEvent';
import type { Logger } from '../../logger';
import type { EventRecorder } from '../../ports/eventRecorder';

/** What the recorder needs of the analytics store: AnalyticsStore['append']. */
export interface EventAppender {
  append(events: AnalyticsEvent[]): Promise<{ accepted: number; duplicates: number }>;
}

export interface RecorderStats {
  recorded: number;
  stored: number;
  dropped: number;
  failedWrites: number;
  buffered: number;
}

/** The recorder's bounds, as configured (reported beside its counters). */
export interface RecorderLimits {
  capacity: number;
  batchSize: number;
  flushIntervalMs: number;
}

export interface BufferedEventRecorder extends EventRecorder {
  stats(): RecorderStats;
  readonly limits: RecorderLimits;
}

export interface BufferedEventRecorderOptions {
  sink: EventAppender;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** Events held at most; beyond it new events are dropped (and counted). */
  capacity?: number;
  flushIntervalMs?: number;
  /** Events per append call. */
  batchSize?: number;
}

export const DEFAULT_FLUSH_INTERVAL_MS = 250;
export const DEFAULT_BUFFER_CAPACITY = 50_000;
export const DEFAULT_BATCH_SIZE = 2_000;

export function createBufferedEventRecorder(options: BufferedEventRecorderOptions): BufferedEventRecorder {
  const { sink, logger } = options;
  const limits: RecorderLimits = {
    capacity: options.capacity ?? DEFAULT_BUFFER_CAPACITY,
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    flushIntervalMs: options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS,
  };
  const { capacity, batchSize } = limits;
  const counts = { recorded: 0, stored: 0, dropped: 0, failedWrites: 0 };
  // Arrays as recorded (one per answer), so taking a batch never copies the whole buffer.
  let chunks: AnalyticsEvent[][] = [];
  let buffered = 0;
  let droppedSinceLog = 0;
  let flushing: Promise<void> | undefined;
  let closed = false;

  function takeBatch(): AnalyticsEvent[] {
    const batch: AnalyticsEvent[] = [];
    while (chunks.length > 0 && batch.length < batchSize) {
      const chunk = chunks[0];
      const room = batchSize - batch.length;
      if (chunk.length <= room) {
        for (const event of chunk) batch.push(event);
        chunks.shift();
      } else {
        for (let i = 0; i < room; i += 1) batch.push(chunk[i]);
        chunks[0] = chunk.slice(room);
      }
    }
    buffered -= batch.length;
    return batch;
  }

  async function writeAll(): Promise<void> {
    while (buffered > 0) {
      const batch = takeBatch();
      try {
        await sink.append(batch);
        counts.stored += batch.length;
      } catch (error) {
        counts.failedWrites += 1;
        // Back in front, as much as fits: the next flush retries it (eventIds make a retry safe).
        const kept = batch.slice(0, Math.max(0, capacity - buffered));
        counts.dropped += batch.length - kept.length;
        if (kept.length > 0) chunks = [kept, ...chunks];
        buffered += kept.length;
        logger.error({ err: (error as Error).message, events: batch.length, requeued: kept.length }, 'analytics events could not be stored; retrying on the next flush');
        return;
      }
    }
  }

  function flush(): Promise<void> {
    if (droppedSinceLog > 0) {
      logger.warn({ dropped: droppedSinceLog, capacity }, 'analytics event buffer was full; events dropped');
      droppedSinceLog = 0;
    }
    // One writer at a time: a flush asked for while one runs waits for it, then writes the rest.
    const next = (flushing ?? Promise.resolve()).then(writeAll);
    const tracked: Promise<void> = next.finally(() => {
      if (flushing === tracked) flushing = undefined;
    });
    flushing = tracked;
    return next;
  }

  const timer = setInterval(() => {
    if (buffered > 0 && !flushing) void flush();
  }, limits.flushIntervalMs);
  // The timer alone must not keep a process alive (scripts, tests): close() writes what is left.
  timer.unref();

  return {
    limits,
    record(events) {
      if (closed) {
        counts.dropped += events.length;
        return;
      }
      const room = capacity - buffered;
      const taken = room >= events.length ? events : events.slice(0, Math.max(0, room));
      if (taken.length > 0) {
        chunks.push(taken);
        buffered += taken.length;
      }
      counts.recorded += taken.length;
      const lost = events.length - taken.length;
      counts.dropped += lost;
      droppedSinceLog += lost;
      // A full batch does not wait for the timer (the write runs off the event loop anyway).
      if (buffered >= batchSize && !flushing) void flush();
    },
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
    },
    stats() {
      return { ...counts, buffered };
    },
  };
}
