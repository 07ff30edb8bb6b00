// Body of one reader thread (see readerThreads.ts): a read-only connection to the index file that
// answers search messages with page rows. Errors go back as plain fields; the adapter translates them.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { SearchQuery } from '../../../ports/searchIndex';
import { DEFAULT_BUSY_TIMEOUT_MS } from '../openDatabase';
import type { PageRows } from './readPage';
import { createSearchReader, prepareSearchConnection, type SearchConnectionOptions } from './searchReader';

export interface SearchRequest {
  id: number;
  query: SearchQuery;
}

export type SearchReply =
  | { id: number; ok: true; page: PageRows }
  | { id: number; ok: false; error: { name: string; message: string; code?: string } };

const { file, connection } = workerData as { file: string; connection: SearchConnectionOptions };
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${DEFAULT_BUSY_TIMEOUT_MS}`);
prepareSearchConnection(db, connection);
const reader = createSearchReader(db, connection);

parentPort!.on('message', ({ id, query }: SearchRequest) => {
  let reply: SearchReply;
  try {
    reply = { id, ok: true, page: reader.search(query) };
  } catch (error) {
    const { name, message, code } = error as { name: string; message: string; code?: string };
    reply = { id, ok: false, error: { name, message, ...(typeof code === 'string' && { code }) } };
  }
  parentPort!.postMessage(reply);
});
