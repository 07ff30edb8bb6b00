// Writes IndexActions with the bulk API. `refresh: 'wait_for'` makes a write resolve only once
// its documents are searchable (the port's promise). Whole requests answered 429/5xx (or lost
// on the wire) and items rejected with 429/5xx are retried with exponential backoff and jitter;
// any other item error is returned as a failure for that document, the rest of the batch still
// applies. A delete of a document that is not there is no failure.
import type { Client, estypes } from '@elastic/elasticsearch';
import type { Logger } from '../../logger';
import type { BulkFailure, IndexAction } from '../../ports/searchIndex';
import { documentKey } from './documentKey';
import { type IndexedDocument, indexedDocument } from './indexedDocument';
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
  /** Actions per bulk request (default 1000). */
  chunkSize?: number;
}

export interface WriteOptions {
  /**
   * Create documents only when absent: a rebuild's copies then never overwrite what a live write
   * already put into the new index (a 409 is the newer copy winning, not a failure).
   */
  createOnly?: boolean;
}

export interface BulkWriter {
  write(index: string, actions: IndexAction[], options?: WriteOptions): Promise<{ failures: BulkFailure[] }>;
}

type Outcome = { kind: 'done' } | { kind: 'retry'; reason: string } | { kind: 'failed'; reason: string };

const actionId = (action: IndexAction): string => (action.type === 'upsert' ? action.document.id : action.id);

function operationsFor(actions: IndexAction[], createOnly: boolean): estypes.BulkRequest<IndexedDocument>['operations'] {
  return actions.flatMap((action): estypes.BulkOperationContainer[] | [estypes.BulkOperationContainer, IndexedDocument] => {
    if (action.type === 'delete') return [{ delete: { _id: documentKey(action.environment, action.id) } }];
    const _id = documentKey(action.document.environment, action.document.id);
    return [createOnly ? { create: { _id } } : { index: { _id } }, indexedDocument(action.document)];
  });
}

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
  const chunkSize = options.chunkSize ?? 1_000;

  const backoff = (attempt: number): Promise<void> => {
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return sleep(ceiling / 2 + Math.random() * (ceiling / 2));
  };

  /** One bulk request, retried whole on transport trouble; throws UnavailableError when out of tries. */
  const send = async (index: string, actions: IndexAction[], createOnly: boolean, attempt: number): Promise<estypes.BulkResponse> => {
    for (let tries = attempt; ; tries++) {
      try {
        // The client's own retries are off here: this loop owns the policy (backoff, 429s, budget).
        return await client.bulk({ index, operations: operationsFor(actions, createOnly), refresh: 'wait_for' }, { maxRetries: 0 });
      } catch (error) {
        if (!isRetryableError(error) || tries >= maxAttempts) {
          logger?.error({ err: error, index, actions: actions.length }, 'elasticsearch bulk request failed');
          throw translateError(error);
        }
        logger?.warn({ index, attempt: tries, reason: (error as Error).message }, 'elasticsearch bulk request retried');
        await backoff(tries);
      }
    }
  };

  const writeChunk = async (index: string, actions: IndexAction[], createOnly: boolean): Promise<BulkFailure[]> => {
    const failures: BulkFailure[] = [];
    let pending = actions;
    for (let attempt = 1; pending.length > 0; attempt++) {
      const response = await send(index, pending, createOnly, attempt);
      const retry: IndexAction[] = [];
      const retryReasons: string[] = [];
      response.items.forEach((item, i) => {
        const outcome = outcomeOf(item, createOnly);
        if (outcome.kind === 'failed') failures.push({ id: actionId(pending[i]), reason: outcome.reason });
        if (outcome.kind === 'retry') {
          retry.push(pending[i]);
          retryReasons.push(outcome.reason);
        }
      });
      if (retry.length > 0 && attempt >= maxAttempts) {
        retry.forEach((action, i) => failures.push({ id: actionId(action), reason: `gave up after ${attempt} tries: ${retryReasons[i]}` }));
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
      const failures: BulkFailure[] = [];
      for (let start = 0; start < actions.length; start += chunkSize) {
        failures.push(...(await writeChunk(index, actions.slice(start, start + chunkSize), writeOptions.createOnly ?? false)));
      }
      return { failures };
    },
  };
}
