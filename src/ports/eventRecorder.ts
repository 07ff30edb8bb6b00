// How the service records the events of its own answers without slowing them: events
// go into a bounded in-process buffer that is flushed to the analytics store in batches (at least
// every 250 ms, and on shutdown). A crash may lose at most that window of recorded events;
// ingested events do not use this path (they are acknowledged only once stored).
import type { AnalyticsEvent } from '../domain/analytics/analyticsEvent';

export interface EventRecorder {
  /** Never throws and never waits: a full buffer drops (and counts) the overflow. */
  record(events: AnalyticsEvent[]): void;
  /** Writes whatever is buffered; resolves when it is stored. */
  flush(): Promise<void>;
  /** Flushes, then stops the timer. */
  close(): Promise<void>;
}
