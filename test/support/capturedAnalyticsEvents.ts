// An EventAppender for HTTP tests that keeps what was appended, so a test can compare the exact
// events of an answer with its hand-written expectation. It forwards to a real analytics store
// when given one; alone it applies the port's de-duplication rule ((environment, reporter, eventId)).
import type { AnalyticsEvent } from '../../src/domain/analytics/analyticsEvent';
import type { EventAppender } from '../../src/services/analytics/bufferedEventRecorder';

export interface CapturedAnalyticsEvents extends EventAppender {
  /** Every event stored so far, in order. */
  readonly stored: AnalyticsEvent[];
  clear(): void;
}

export function captureAnalyticsEvents(forwardTo?: EventAppender): CapturedAnalyticsEvents {
  const stored: AnalyticsEvent[] = [];
  const keys = new Set<string>();
  return {
    stored,
    clear() {
      stored.length = 0;
    },
    async append(events) {
      const result = forwardTo ? await forwardTo.append(events) : undefined;
      let accepted = 0;
      for (const event of events) {
        const key = `${event.environment}|${event.reporter ?? ''}|${event.eventId}`;
        if (keys.has(key)) continue;
        keys.add(key);
        stored.push(event);
        accepted += 1;
      }
      return result ?? { accepted, duplicates: events.length - accepted };
    },
  };
}
