// The EventRecorder of the service's own answers (issue 18): a bounded in-process buffer, written
// to the analytics store in batches by a timer (every 250 ms by default) and on close (SIGTERM).
// Recording never waits and never fails the answer that produced the events.
//
// Durability, documented in the README: events live only in this buffer until the next flush, so
// a crash (not a SIGTERM) loses at most one flush interval of *recorded* events. A full buffer
// drops the overflow and counts it (stats().dropped, logged once per flush); a failed write puts
// the batch back when there is room, and the store de-duplicates by eventId, so a write that
// partly succeeded is not counted twice.
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

export interface BufferedEventRecorder extends EventRecorder {
  stats(): RecorderStats;
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

export function createBufferedEventRecorder(options: BufferedEventRecorderOptions): BufferedEventRecorder {
  const { sink, logger } = options;
  const capacity = options.capacity ?? 50_000;
  const batchSize = options.batchSize ?? 2_000;
  const counts = { recorded: 0, stored: 0, dropped: 0, failedWrites: 0 };
  let buffer: AnalyticsEvent[] = [];
  let droppedSinceLog = 0;
  let flushing: Promise<void> | undefined;
  let closed = false;

  async function writeAll(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, batchSize);
      buffer = buffer.slice(batch.length);
      try {
        await sink.append(batch);
        counts.stored += batch.length;
      } catch (error) {
        counts.failedWrites += 1;
        // Back in front, as much as fits: the next flush retries it (eventIds make a retry safe).
        const room = Math.max(0, capacity - buffer.length);
        const kept = batch.slice(0, room);
        counts.dropped += batch.length - kept.length;
        buffer = [...kept, ...buffer];
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
    flushing = next.finally(() => {
      if (flushing === tracked) flushing = undefined;
    });
    const tracked = flushing;
    return next;
  }

  const timer = setInterval(() => {
    if (buffer.length > 0 && !flushing) void flush();
  }, options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS);
  // The timer alone must not keep a process alive (scripts, tests): close() writes what is left.
  timer.unref();

  return {
    record(events) {
      if (closed) {
        counts.dropped += events.length;
        return;
      }
      const room = capacity - buffer.length;
      const taken = room >= events.length ? events : events.slice(0, Math.max(0, room));
      for (const event of taken) buffer.push(event);
      counts.recorded += taken.length;
      const lost = events.length - taken.length;
      counts.dropped += lost;
      droppedSinceLog += lost;
    },
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
    },
    stats() {
      return { ...counts, buffered: buffer.length };
    },
  };
}
