// Everything that writes to the embedded analytics file, prepared on one connection: appending a
// batch and purging raw events past retention. Used by the writer thread (a file) and in-process
// (':memory:', which another connection cannot open).
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import type { AppendResult } from '../../../ports/analyticsStore';
import type { SqliteDatabase } from '../openDatabase';
import { createAppendEvents } from './appendEvents';
import { createPurgeChunk } from './purgeRawEvents';

export interface WriteStatements {
  append(events: readonly AnalyticsEvent[]): AppendResult;
  /** Deletes up to `limit` raw events older than `beforeMs` in one transaction; returns how many went. */
  purgeChunk(beforeMs: number, limit: number): number;
}

export function prepareWriteStatements(db: SqliteDatabase): WriteStatements {
  return { append: createAppendEvents(db), purgeChunk: createPurgeChunk(db) };
}
