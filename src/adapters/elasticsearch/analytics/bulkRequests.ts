// Bulk writes of the analytics store, sized by bytes with several requests in flight:
// one request per BULK_MAX_BYTES of NDJSON (Elasticsearch's guidance is a few MB; smaller requests
// let a single node index one while it parses the next), at most BULK_IN_FLIGHT at once. The
// answer keeps the order of the operations, as one bulk's would. Each action is serialised once,
// measured and sent as that NDJSON, and cut into requests as the search index's writes are
// (bulkRequests in ../bulkLines.ts).
import type { Client, estypes } from '@elastic/elasticsearch';
import { bulkRequests } from '../bulkLines';

export const BULK_MAX_BYTES = 1024 * 1024;
export const BULK_IN_FLIGHT = 3;

export interface BulkOptions {
  refresh?: boolean;
  maxBytes?: number;
  inFlight?: number;
}

type BulkItem = Partial<Record<estypes.BulkOperationType, estypes.BulkResponseItem>>;

export interface BulkAnswer {
  /** One per action, in the order of the operations. */
  items: BulkItem[];
  errors: boolean;
}

/** One action and its document (a `delete` has none), serialised once. */
export interface BulkEntry {
  lines: unknown[];
  /** The lines as NDJSON, without the final newline. */
  ndjson: string;
  /** UTF-8 size of the NDJSON, final newline included. */
  bytes: number;
}

/** Actions whose next line is their document. */
const WITH_DOCUMENT = new Set(['index', 'create', 'update']);

function bulkEntries(operations: unknown[]): BulkEntry[] {
  const entries: BulkEntry[] = [];
  for (let i = 0; i < operations.length; ) {
    const action = operations[i] as Record<string, unknown>;
    const lines = operations.slice(i, i + (WITH_DOCUMENT.has(Object.keys(action)[0]) ? 2 : 1));
    const ndjson = lines.map((line) => JSON.stringify(line)).join('\n');
    entries.push({ lines, ndjson, bytes: Buffer.byteLength(ndjson) + 1 });
    i += lines.length;
  }
  return entries;
}

/** The operations cut into requests of at most `maxBytes` of NDJSON (an action and its document stay together). */
export function splitBulk(operations: unknown[], maxBytes: number): BulkEntry[][] {
  return bulkRequests(bulkEntries(operations), { maxActions: Number.POSITIVE_INFINITY, maxBytes });
}

/** Sends requests already cut, at most `inFlight` at once. */
export async function sendRequests(client: Client, requests: BulkEntry[][], options: BulkOptions = {}): Promise<BulkAnswer> {
  const answers: BulkItem[][] = new Array(requests.length);
  let errors = false;
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      // Strings are joined as they are by the client, not serialised again.
      const response = await client.bulk<string>({ refresh: options.refresh, operations: requests[index].map((entry) => entry.ndjson) });
      answers[index] = response.items;
      errors ||= response.errors;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.inFlight ?? BULK_IN_FLIGHT, requests.length) }, worker));
  return { items: answers.flat(), errors };
}

export function sendBulk(client: Client, operations: unknown[], options: BulkOptions = {}): Promise<BulkAnswer> {
  return sendRequests(client, splitBulk(operations, options.maxBytes ?? BULK_MAX_BYTES), options);
}

/** The status of a bulk answer's item, whatever its action. */
export function itemStatus(item: BulkItem): number {
  return Object.values(item)[0]?.status ?? 500;
}
