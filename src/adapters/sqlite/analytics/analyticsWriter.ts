// Where the embedded analytics store's writes run. On a file: a dedicated writer thread with its
// own connection (writerThread.ts), so appending a batch (a transaction of thousands of inserts
// and rollup updates, tens of milliseconds) never holds the event loop and every request queued
// behind it; WAL lets the questions read on the main connection meanwhile. In memory (':memory:',
// tests): the same statements in-process, since no other connection can open that database.
//
// A thread that dies fails the writes it held (their transaction was never committed, so nothing
// of them is stored) and the next write starts a new one.
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import { UnavailableError } from '../../../domain/errors';
import type { AppendResult } from '../../../ports/analyticsStore';
import type { SqliteDatabase } from '../openDatabase';
import { threadSource } from '../threadSource';
import type { AnalyticsConnectionOptions } from './analyticsConnection';
import type { WriterReply, WriterRequest, WriterThreadData } from './writerThread';
import { prepareWriteStatements } from './writeStatements';

export interface AnalyticsWriter {
  append(events: AnalyticsEvent[]): Promise<AppendResult>;
  purgeChunk(beforeMs: number, limit: number): Promise<number>;
  /** Waits for the writes already asked for, then stops. */
  close(): Promise<void>;
}

const THREAD_SOURCE = threadSource(join(__dirname, `writerThread${extname(__filename)}`));

/** A request before it is numbered (distributed over the union, so each kind keeps its fields). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<WriterRequest>;

export function createThreadAnalyticsWriter(options: { file: string; connection: AnalyticsConnectionOptions }): AnalyticsWriter {
  let worker: Worker | null = null;
  const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let closing: Promise<void> | undefined;

  const start = (): Worker => {
    const data: WriterThreadData = { file: options.file, connection: options.connection };
    const started = new Worker(THREAD_SOURCE, { eval: true, workerData: data });
    started.on('message', (reply: WriterReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      // Driver and engine texts stay here (the caller logs them); callers see the store as unavailable.
      else waiting.reject(Object.assign(new UnavailableError('The analytics store could not complete the write'), { cause: reply.error }));
    });
    const fail = (error: Error) => {
      if (worker === started) worker = null;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on('error', (error) => fail(Object.assign(new UnavailableError('The analytics writer failed'), { cause: error })));
    started.on('exit', () => fail(new UnavailableError('The analytics writer stopped')));
    return started;
  };

  const send = <T>(request: Request): Promise<T> => {
    if (closing && request.kind !== 'close') return Promise.reject(new UnavailableError('The analytics store is closed'));
    worker ??= start();
    const id = nextId++;
    const target = worker;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      target.postMessage({ ...request, id });
    });
  };

  return {
    append: (events) => send<AppendResult>({ kind: 'append', events }),
    purgeChunk: (beforeMs, limit) => send<number>({ kind: 'purge', beforeMs, limit }),
    close() {
      if (!closing) {
        // Messages are handled in order: 'close' runs after every write sent before it.
        closing = worker === null ? Promise.resolve() : send<null>({ kind: 'close' }).then(
          () => undefined,
          () => undefined,
        );
      }
      return closing;
    },
  };
}

/** The same writes on the caller's connection (':memory:' databases). */
export function createInlineAnalyticsWriter(db: SqliteDatabase): AnalyticsWriter {
  const statements = prepareWriteStatements(db);
  return {
    append: async (events) => statements.append(events),
    purgeChunk: async (beforeMs, limit) => statements.purgeChunk(beforeMs, limit),
    close: async () => undefined,
  };
}
