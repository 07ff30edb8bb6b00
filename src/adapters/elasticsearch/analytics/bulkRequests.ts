// Bulk writes of the analytics store, sized by bytes with several requests in flight (issue 33):
// one request per BULK_MAX_BYTES of NDJSON (Elasticsearch's guidance is a few MB; smaller requests
// let a single node index one while it parses the next), at most BULK_IN_FLIGHT at once. The
// answer keeps the order of the operations, as one bulk's would.
import type { Client, estypes } from '@elastic/elasticsearch';

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

/** Actions whose next line is their document (a `delete` has none). */
const WITH_DOCUMENT = new Set(['index', 'create', 'update']);

/** The operations cut into requests of at most `maxBytes` of NDJSON (an action and its document stay together). */
export function splitBulk(operations: unknown[], maxBytes: number): unknown[][] {
  const requests: unknown[][] = [];
  let current: unknown[] = [];
  let bytes = 0;
  for (let i = 0; i < operations.length; ) {
    const action = operations[i] as Record<string, unknown>;
    const lines = WITH_DOCUMENT.has(Object.keys(action)[0]) ? 2 : 1;
    const entry = operations.slice(i, i + lines);
    // Characters, not bytes: event text is mostly ASCII, and the limit is a target, not a wall.
    const size = entry.reduce<number>((sum, line) => sum + JSON.stringify(line).length + 1, 0);
    if (current.length > 0 && bytes + size > maxBytes) {
      requests.push(current);
      current = [];
      bytes = 0;
    }
    current.push(...entry);
    bytes += size;
    i += lines;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}

export async function sendBulk(client: Client, operations: unknown[], options: BulkOptions = {}): Promise<BulkAnswer> {
  if (operations.length === 0) return { items: [], errors: false };
  const requests = splitBulk(operations, options.maxBytes ?? BULK_MAX_BYTES);
  const answers: BulkItem[][] = new Array(requests.length);
  let errors = false;
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const response = await client.bulk({ refresh: options.refresh, operations: requests[index] as estypes.BulkRequest['operations'] });
      answers[index] = response.items;
      errors ||= response.errors;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.inFlight ?? BULK_IN_FLIGHT, requests.length) }, worker));
  return { items: answers.flat(), errors };
}

/** The status of a bulk answer's item, whatever its action. */
export function itemStatus(item: BulkItem): number {
  return Object.values(item)[0]?.status ?? 500;
}
