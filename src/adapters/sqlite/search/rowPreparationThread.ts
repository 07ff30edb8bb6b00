// Body of a row preparation thread (rowPreparation.ts): documents in, prepared rows out, and with
// the native library the slice's word postings as one sorted run (postingsRun.ts); a document it
// cannot prepare comes back as null, and the writer's own checks report it.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { SearchDocument } from '../../../ports/searchIndex';
import { postingsCell } from './placeRecord';
import { postingsRun, type RunDocument } from './postingsRun';
import { prepareRow, type PreparedRow } from './preparedRow';
import { loadRankExtension } from './rankExtension';

export interface PreparationRequest {
  id: number;
  documents: SearchDocument[];
}

export interface PreparationReply {
  id: number;
  rows: Array<PreparedRow | null>;
  /** The postings run of the documents, in their order; absent without the native library. */
  run?: Uint8Array;
}

const { library } = workerData as { library: string | null };
// A connection of its own for the native tokenizer: nothing is stored in it.
const db = library === null ? null : new Database(':memory:');
if (db !== null && library !== null) loadRankExtension(db, library);

parentPort!.on('message', ({ id, documents }: PreparationRequest) => {
  const rows = documents.map((document) => {
    try {
      return prepareRow(document);
    } catch {
      return null;
    }
  });
  const runDocuments = rows.map((prepared, i): RunDocument =>
    prepared && { environment: documents[i].environment, cell: postingsCell(documents[i].coordinates), text: prepared.text },
  );
  const run = db === null ? undefined : postingsRun(db, runDocuments);
  parentPort!.postMessage({ id, rows, ...(run && { run }) } satisfies PreparationReply, run ? [run.buffer as ArrayBuffer] : []);
});
