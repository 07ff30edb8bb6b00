// Where the embedded analytics store's writes run. On a file: a dedicated writer thread with its
// own connection (writerThread.ts), so appending a batch (a transaction of thousands of inserts
// and rollup updates, tens of milliseconds) never holds the event loop and every request queued
// behind it; WAL lets the questions read on the main connection meanwhile. In memory (':memory:',
// tests): the same statements in-process, since no other connection can open that database.
//
// A thread that dies fails the writes it held (their transaction was never committed, so nothing
// of them is stored) and the next write starts a new one.
import { extname, join } from 'node:path';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import { UnavailableError } from '../../../domain/errors';
import type { AppendResult } from '../../../ports/analyticsStore';
import { createRequestThread } from '../../requestThread';
import type { SqliteDatabase } from '../openDatabase';
import type { AnalyticsConnectionOptions } from './analyticsConnection';
import type { WriterRequest, WriterThreadData } from './writerThread';
import { prepareWriteStatements } from './writeStatements';

export interface AnalyticsWriter {
  append(events: AnalyticsEvent[]): Promise<AppendResult>;
  purgeChunk(beforeMs: number, limit: number): Promise<number>;
  /** Waits for the writes already asked for, then stops. */
  close(): Promise<void>;
}

export function createThreadAnalyticsWriter(options: { file: string; connection: AnalyticsConnectionOptions }): AnalyticsWriter {
  const data: WriterThreadData = { file: options.file, connection: options.connection };
  const thread = createRequestThread<WriterRequest>({
    bodyFile: join(__dirname, `writerThread${extname(__filename)}`),
    workerData: data,
    name: 'analytics writer',
    // Driver and engine texts stay here (the caller logs them); callers see the store as unavailable.
    failure: (error) => Object.assign(new UnavailableError('The analytics store could not complete the write'), { cause: error }),
  });
  return {
    append: (events) => thread.send<AppendResult>({ kind: 'append', events }),
    purgeChunk: (beforeMs, limit) => thread.send<number>({ kind: 'purge', beforeMs, limit }),
    close: () => thread.close(),
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
