// Body of the analytics writer thread (see analyticsWriter.ts): its own connection to the
// analytics file, on which every append and purge runs, one message at a time, so a batch's
// transaction never runs on the event loop. Errors go back as plain fields.
import { parentPort, workerData } from 'node:worker_threads';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import type { AppendResult } from '../../../ports/analyticsStore';
import { openDatabase } from '../openDatabase';
import { type AnalyticsConnectionOptions, prepareAnalyticsConnection } from './analyticsConnection';
import { prepareWriteStatements } from './writeStatements';

export type WriterRequest =
  | { id: number; kind: 'append'; events: AnalyticsEvent[] }
  | { id: number; kind: 'purge'; beforeMs: number; limit: number }
  | { id: number; kind: 'close' };

export type WriterReply =
  | { id: number; ok: true; result: AppendResult | number | null }
  | { id: number; ok: false; error: { name: string; message: string; code?: string } };

export interface WriterThreadData {
  file: string;
  connection: AnalyticsConnectionOptions;
}

const { file, connection } = workerData as WriterThreadData;
const db = openDatabase({ file });
prepareAnalyticsConnection(db, connection);
const statements = prepareWriteStatements(db);

function handle(request: WriterRequest): AppendResult | number | null {
  switch (request.kind) {
    case 'append':
      return statements.append(request.events);
    case 'purge':
      return statements.purgeChunk(request.beforeMs, request.limit);
    case 'close':
      db.close();
      return null;
  }
}

parentPort!.on('message', (request: WriterRequest) => {
  let reply: WriterReply;
  try {
    reply = { id: request.id, ok: true, result: handle(request) };
  } catch (error) {
    const { name, message, code } = error as { name: string; message: string; code?: string };
    reply = { id: request.id, ok: false, error: { name, message, ...(typeof code === 'string' && { code }) } };
  }
  parentPort!.postMessage(reply);
  if (request.kind === 'close') parentPort!.close();
});
