// Body of a row preparation thread (rowPreparation.ts): documents in, prepared rows out; a
// document it cannot prepare comes back as null, and the writer's own checks report it.
import { parentPort } from 'node:worker_threads';
import type { SearchDocument } from '../../../ports/searchIndex';
import { prepareRow, type PreparedRow } from './preparedRow';

export interface PreparationRequest {
  id: number;
  documents: SearchDocument[];
}

export interface PreparationReply {
  id: number;
  rows: Array<PreparedRow | null>;
}

parentPort!.on('message', ({ id, documents }: PreparationRequest) => {
  const rows = documents.map((document) => {
    try {
      return prepareRow(document);
    } catch {
      return null;
    }
  });
  parentPort!.postMessage({ id, rows } satisfies PreparationReply);
});
