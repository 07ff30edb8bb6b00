// The recorder of the service's own answers: bounded, batched, flushed on its timer and on close,
// a failed write retried, overflow dropped and counted.
import type { AnalyticsEvent } from '../../src/domain/analytics/analyticsEvent';
import { createBufferedEventRecorder } from '../../src/services/analytics/bufferedEventRecorder';

const quiet = { warn: () => undefined, error: () => undefined };

function events(count: number, from = 0): AnalyticsEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    eventId: `evt_${from + i}`,
    type: 'impression',
    businessId: 'biz_abcdef',
    environment: 'live',
    timestamp: '2026-03-10T03:30:00.000Z',
    localDate: '2026-03-09',
    platform: 'direct',
    surface: 'consumer',
    position: 1,
  }));
}

function sink(failFirst = 0) {
  const batches: string[][] = [];
  let failures = failFirst;
  return {
    batches,
    async append(batch: AnalyticsEvent[]) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('analytics store down');
      }
      batches.push(batch.map((event) => event.eventId));
      return { accepted: batch.length, duplicates: 0 };
    },
  };
}

it('writes nothing while recording, then everything on flush, in batches of batchSize', async () => {
  const store = sink();
  const recorder = createBufferedEventRecorder({ sink: store, logger: quiet, batchSize: 2, flushIntervalMs: 60_000 });
  recorder.record(events(5));
  expect(store.batches).toEqual([]);

  await recorder.flush();

  expect(store.batches).toEqual([['evt_0', 'evt_1'], ['evt_2', 'evt_3'], ['evt_4']]);
  expect(recorder.stats()).toEqual({ recorded: 5, stored: 5, dropped: 0, failedWrites: 0, buffered: 0 });
  await recorder.close();
});

it('flushes on its own timer without anyone asking', async () => {
  const store = sink();
  const recorder = createBufferedEventRecorder({ sink: store, logger: quiet, flushIntervalMs: 5 });
  recorder.record(events(3));
  // Bounded wait for the timer (not a timing assertion: only that it happens at all).
  for (let i = 0; i < 400 && store.batches.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(store.batches).toEqual([['evt_0', 'evt_1', 'evt_2']]);
  await recorder.close();
});

it('drops and counts what does not fit, keeping the events recorded first', async () => {
  const store = sink();
  const recorder = createBufferedEventRecorder({ sink: store, logger: quiet, capacity: 4, flushIntervalMs: 60_000 });
  recorder.record(events(3));
  recorder.record(events(3, 3));

  await recorder.close();

  expect(store.batches).toEqual([['evt_0', 'evt_1', 'evt_2', 'evt_3']]);
  expect(recorder.stats()).toMatchObject({ recorded: 4, stored: 4, dropped: 2 });
});

it('keeps a batch whose write failed and stores it on the next flush', async () => {
  const store = sink(1);
  const recorder = createBufferedEventRecorder({ sink: store, logger: quiet, flushIntervalMs: 60_000 });
  recorder.record(events(2));

  await recorder.flush();
  expect(store.batches).toEqual([]);
  expect(recorder.stats()).toMatchObject({ failedWrites: 1, buffered: 2 });

  await recorder.flush();
  expect(store.batches).toEqual([['evt_0', 'evt_1']]);
  await recorder.close();
});

it('writes what is buffered on close, and counts events recorded after it as dropped', async () => {
  const store = sink();
  const recorder = createBufferedEventRecorder({ sink: store, logger: quiet, flushIntervalMs: 60_000 });
  recorder.record(events(2));

  await recorder.close();
  recorder.record(events(1, 2));

  expect(store.batches).toEqual([['evt_0', 'evt_1']]);
  expect(recorder.stats()).toMatchObject({ stored: 2, dropped: 1 });
});

it('starts writing as soon as a full batch waits, without waiting for the timer', async () => {
  const store = sink();
  const recorder = createBufferedEventRecorder({ sink: store, logger: quiet, batchSize: 3, flushIntervalMs: 60_000 });
  recorder.record(events(2));
  await Promise.resolve();
  expect(store.batches).toEqual([]);

  recorder.record(events(1, 2));
  // Bounded wait for the write it started on its own.
  for (let i = 0; i < 100 && store.batches.length === 0; i += 1) await new Promise((resolve) => setImmediate(resolve));

  expect(store.batches).toEqual([['evt_0', 'evt_1', 'evt_2']]);
  await recorder.close();
});

it('keeps one write in flight; behind a slow store the buffer fills and the overflow is dropped and counted', async () => {
  const written: string[][] = [];
  let release: () => void = () => undefined;
  const slow = {
    async append(batch: AnalyticsEvent[]) {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      written.push(batch.map((event) => event.eventId));
      return { accepted: batch.length, duplicates: 0 };
    },
  };
  const warnings: unknown[] = [];
  const recorder = createBufferedEventRecorder({ sink: slow, logger: { warn: (entry: unknown) => warnings.push(entry), error: () => undefined }, capacity: 5, batchSize: 2, flushIntervalMs: 60_000 });
  recorder.record(events(2)); // a full batch: its write starts and waits on the store
  await new Promise((resolve) => setImmediate(resolve));
  recorder.record(events(6, 2)); // 5 fit in the buffer, 1 is dropped
  expect(recorder.stats()).toEqual({ recorded: 7, stored: 0, dropped: 1, failedWrites: 0, buffered: 5 });

  const closing = recorder.close();
  // Each batch is written only after the one before it returned.
  for (let i = 0; i < 100 && written.length < 4; i += 1) {
    release();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await closing;

  expect(written).toEqual([['evt_0', 'evt_1'], ['evt_2', 'evt_3'], ['evt_4', 'evt_5'], ['evt_6']]);
  expect(recorder.stats()).toEqual({ recorded: 7, stored: 7, dropped: 1, failedWrites: 0, buffered: 0 });
  expect(warnings).toEqual([{ dropped: 1, capacity: 5 }]);
});

it('reports its bounds', () => {
  const recorder = createBufferedEventRecorder({ sink: sink(), logger: quiet, capacity: 1000, batchSize: 100, flushIntervalMs: 50 });
  expect(recorder.limits).toEqual({ capacity: 1000, batchSize: 100, flushIntervalMs: 50 });
  void recorder.close();
});
