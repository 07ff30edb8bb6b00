// Body of the analytics writer thread (see analyticsWriter.ts): its own connection to the
// analytics file, on which every append and purge runs, one message at a time, so a batch's
// transaction never runs on the event loop (requestThread.ts carries the requests and replies).
import { workerData } from 'node:worker_threads';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import { serveRequests } from '../../requestThread';
import { openDatabase } from '../openDatabase';
import { type AnalyticsConnectionOptions, prepareAnalyticsConnection } from './analyticsConnection';
import { prepareWriteStatements } from './writeStatements';

export type WriterRequest =
  | { kind: 'append'; events: AnalyticsEvent[] }
  | { kind: 'purge'; beforeMs: number; limit: number }
  | { kind: 'close' };

export interface WriterThreadData {
  file: string;
  connection: AnalyticsConnectionOptions;
}

const { file, connection } = workerData as WriterThreadData;
const db = openDatabase({ file });
prepareAnalyticsConnection(db, connection);
const statements = prepareWriteStatements(db);

serveRequests<WriterRequest>((request) => {
  switch (request.kind) {
    case 'append':
      return statements.append(request.events);
    case 'purge':
      return statements.purgeChunk(request.beforeMs, request.limit);
    case 'close':
      db.close();
      return null;
  }
});
