// IndexActions as bulk API lines: each serialised exactly once (its NDJSON is measured, sent and,
// on a retry, sent again as it is), then grouped into requests cut by bytes and by count.
import type { IndexAction } from '../../ports/searchIndex';
import { documentKey } from './documentKey';
import { indexedDocument } from './indexedDocument';

export interface BulkLine {
  /** The business id, for failures. */
  id: string;
  /** The action line, and the document line for an upsert, without the final newline. */
  ndjson: string;
  /** UTF-8 size of the lines, newlines included. */
  bytes: number;
}

export function bulkLine(action: IndexAction, createOnly: boolean): BulkLine {
  if (action.type === 'delete') {
    const ndjson = JSON.stringify({ delete: { _id: documentKey(action.environment, action.id) } });
    return { id: action.id, ndjson, bytes: Buffer.byteLength(ndjson) + 1 };
  }
  const _id = documentKey(action.document.environment, action.document.id);
  const ndjson = `${JSON.stringify(createOnly ? { create: { _id } } : { index: { _id } })}\n${JSON.stringify(indexedDocument(action.document))}`;
  return { id: action.document.id, ndjson, bytes: Buffer.byteLength(ndjson) + 1 };
}

/** Consecutive lines grouped so no request passes either limit (a line larger than maxBytes goes alone). */
export function bulkRequests<L extends Pick<BulkLine, 'bytes'>>(lines: L[], limits: { maxActions: number; maxBytes: number }): L[][] {
  const requests: L[][] = [];
  let current: L[] = [];
  let bytes = 0;
  for (const line of lines) {
    if (current.length > 0 && (current.length >= limits.maxActions || bytes + line.bytes > limits.maxBytes)) {
      requests.push(current);
      current = [];
      bytes = 0;
    }
    current.push(line);
    bytes += line.bytes;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}
