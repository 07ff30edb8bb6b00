// Writes IndexActions with the bulk API. By default a write resolves only once its documents are
// searchable (`refresh: 'wait_for'`, the port's promise); a rebuild's writes into a generation
// nobody reads yet skip that, and the generation is refreshed once before it is swapped in.
// Each action is serialised once (bulkLines.ts) and requests are cut by bytes as well as by count,
// so a request stays a few megabytes whatever the documents weigh; a write may keep several
// requests in flight. Whole requests answered 429/5xx (or lost on the wire) and items rejected
// with 429/5xx are retried with exponential backoff and jitter, re-sending the lines already
// built; any other item error is returned as a failure for that document, the rest of the batch
// still applies. A delete of a document that is not there is no failure.
import type { Client, estypes } from '@elastic/elasticsearch';
import type { Logger } from '../../logger';
import type { BulkFailure, IndexAction } from '../../ports/searchIndex';
import { type BulkLine, bulkLine, bulkRequests } from './bulkLines';
import { isRetryableError, isRetryableStatus, reasonOf, translateError } from './translateError';

export interface BulkWriterOptions {
  client: Client;
  logger?: Logger;
  /** Tries per action, the first included (default 5). */
  maxAttempts?: number;
  /** First backoff delay in ms, doubled per retry (default 200). */
  baseDelayMs?: number;
  /** Longest backoff delay in ms (default 5000). */
  maxDelayMs?: number;
  /** Most actions per bulk request (default 5000). */
  chunkSize?: number;
  /** Most bytes of NDJSON per bulk request (default 5 MiB; a larger single document goes alone). */
  maxRequestBytes?: number;
}

export interface WriteOptions {
  /**
   * Create documents only when absent: a rebuild's copies then never overwrite what a live write
   * already put into the new index (a 409 is the newer copy winning, not a failure).
   */
  createOnly?: boolean;
  /**
   * When the write resolves: `wait_for` (default) once searchable, `now` after forcing a refresh
   * (works even while the index's periodic refresh is off), `none` once stored.
   */
  visibility?: 'wait_for' | 'now' | 'none';
  /** Bulk requests of this write kept in flight at once (default 1: requests apply in order). */
  concurrency?: number;
}

export interface BulkWriter {
  write(index: string, actions: IndexAction[], options?: WriteOptions): Promise<{ failures: BulkFailure[] }>;
}

type Outcome = { kind: 'done' } | { kind: 'retry'; reason: string } | { kind: 'failed'; reason: string };

const REFRESH = { wait_for: 'wait_for', now: true, none: false } as const;

function outcomeOf(item: Partial<Record<estypes.BulkOperationType, estypes.BulkResponseItem>>, createOnly: boolean): Outcome {
  const [operation, result] = Object.entries(item)[0] as [estypes.BulkOperationType, estypes.BulkResponseItem];
  const status = result.status;
  if (status >= 200 && status < 300) return { kind: 'done' };
  if (operation === 'delete' && status === 404) return { kind: 'done' };
  if (createOnly && operation === 'create' && status === 409) return { kind: 'done' };
  const reason = reasonOf(result.error ?? undefined, status);
  return isRetryableStatus(status) ? { kind: 'retry', reason } : { kind: 'failed', reason };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createBulkWriter(options: BulkWriterOptions): BulkWriter {
  const { client, logger } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 200;
  const maxDelayMs = options.maxDelayMs ?? 5_000;
  const limits = { maxActions: options.chunkSize ?? 5_000, maxBytes: options.maxRequestBytes ?? 5 * 1024 * 1024 };

  const backoff = (attempt: number): Promise<void> => {
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return sleep(ceiling / 2 + Math.random() * (ceiling / 2));
  };

  /** One bulk request, retried whole on transport trouble; throws UnavailableError when out of tries. */
  const send = async (index: string, lines: BulkLine[], refresh: estypes.Refresh, attempt: number): Promise<estypes.BulkResponse> => {
    for (let tries = attempt; ; tries++) {
      try {
        // Lines are NDJSON already: the client joins strings as they are, without serialising again.
        // Its own retries are off here: this loop owns the policy (backoff, 429s, budget).
        return await client.bulk<string>({ index, operations: lines.map((line) => line.ndjson), refresh }, { maxRetries: 0 });
      } catch (error) {
        if (!isRetryableError(error) || tries >= maxAttempts) {
          logger?.error({ err: error, index, actions: lines.length }, 'elasticsearch bulk request failed');
          throw translateError(error);
        }
        logger?.warn({ index, attempt: tries, reason: (error as Error).message }, 'elasticsearch bulk request retried');
        await backoff(tries);
      }
    }
  };

  const writeRequest = async (index: string, lines: BulkLine[], createOnly: boolean, refresh: estypes.Refresh): Promise<BulkFailure[]> => {
    const failures: BulkFailure[] = [];
    let pending = lines;
    for (let attempt = 1; pending.length > 0; attempt++) {
      const response = await send(index, pending, refresh, attempt);
      const retry: BulkLine[] = [];
      const retryReasons: string[] = [];
      response.items.forEach((item, i) => {
        const outcome = outcomeOf(item, createOnly);
        if (outcome.kind === 'failed') failures.push({ id: pending[i].id, reason: outcome.reason });
        if (outcome.kind === 'retry') {
          retry.push(pending[i]);
          retryReasons.push(outcome.reason);
        }
      });
      if (retry.length > 0 && attempt >= maxAttempts) {
        retry.forEach((line, i) => failures.push({ id: line.id, reason: `gave up after ${attempt} tries: ${retryReasons[i]}` }));
        break;
      }
      if (retry.length > 0) {
        logger?.warn({ index, attempt, rejected: retry.length }, 'elasticsearch bulk items rejected, retrying');
        await backoff(attempt);
      }
      pending = retry;
    }
    return failures;
  };

  return {
    async write(index, actions, writeOptions = {}) {
      const createOnly = writeOptions.createOnly ?? false;
      const refresh = REFRESH[writeOptions.visibility ?? 'wait_for'];
      const requests = bulkRequests(actions.map((action) => bulkLine(action, createOnly)), limits);
      const failures: BulkFailure[][] = new Array(requests.length);
      // Workers take the next request as they finish one: at most `concurrency` in flight. The
      // first error (the engine out of tries) stops them taking more and fails the write.
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < requests.length) {
          const at = next++;
          failures[at] = await writeRequest(index, requests[at], createOnly, refresh);
        }
      };
      const workers = Math.max(1, Math.min(writeOptions.concurrency ?? 1, requests.length));
      const running = Array.from({ length: workers }, worker);
      try {
        await Promise.all(running);
      } catch (error) {
        next = requests.length;
        await Promise.allSettled(running);
        throw error;
      }
      return { failures: failures.flat() };
    },
  };
}
