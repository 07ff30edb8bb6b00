// The journal of an idempotent request (ports/idempotencyKeys.ts), shared by both stores. While a
// request with an Idempotency-Key runs, each call it makes on a repository is a step: its result
// (or refusal) is appended to the journal, and each store keeps the journal with the key whenever
// a write commits (SQLite: in the write's own transaction; MongoDB: recovery points around it).
// A retry that takes the key over from a dead process replays the journal first: the same calls
// get the same results without touching the store, so the request follows the same path (the
// same If-Match check, the same "already pending" read) to the same write, which is not made
// again, and to the same answer. Calls past the journal's end run for real, journaled in turn.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import * as domainErrors from '../domain/errors';
import { ConflictError } from '../domain/errors';
import type { IdempotencyClaim, IdempotencyKeyRecord, JournalEntry, JournaledRun, RecordedError, Recovery } from '../ports/idempotencyKeys';

/** One idempotent request running on this store. */
export interface Execution {
  readonly claim: IdempotencyClaim;
  /** Replayed entries first, then the ones this run appends. */
  readonly entries: JournalEntry[];
  /** The next entry to replay; at entries.length the calls run for real. */
  cursor: number;
  /** MongoDB: the write to redo, recognised by its mark, when the last holder died during it. */
  readonly pendingCall?: number;
  /** Set when a write of this run committed. */
  wrote: boolean;
  /** Set once the request answered: a call still made in its context (work it left running) is its own. */
  finished: boolean;
  /** Stable across holders: the key (and its first claim), so a redone write finds its own mark. */
  readonly mark: string;
  readonly onWriteCommitted?: () => void;
}

/** How a store runs one live step: the call, at `index` of the journal. */
export type LiveStep = <T>(execution: Execution, index: number, call: string, run: () => T | Promise<T>) => Promise<T>;

const ERROR_CLASSES = new Map<string, { prototype: object }>(
  Object.values(domainErrors)
    .filter((value): value is typeof domainErrors.DomainError => typeof value === 'function' && value.prototype instanceof Error)
    .map((type) => [type.name, type]),
);

function record(error: unknown): RecordedError {
  const { name, message, ...fields } = { ...(error as Error), name: (error as Error).name, message: (error as Error).message };
  return { name, message, fields: fields as Record<string, unknown> };
}

/** The refusal as it was: an instance of the same domain error class, so a catch takes the same branch. */
function revive(recorded: RecordedError): Error {
  const type = ERROR_CLASSES.get(recorded.name);
  const error = type ? (Object.create(type.prototype) as Error) : new Error(recorded.message);
  return Object.assign(error, recorded.fields, { name: recorded.name, message: recorded.message });
}

/** A copy of what a call answered, as the journal keeps it (JSON), taken before the caller can change it. */
const snapshot = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** The journal as it stands once the call at `index` answered `value`: what a store keeps with that call's write. */
export function journalWith(execution: Execution, index: number, call: string, value: unknown): JournalEntry[] {
  const entries = execution.entries.slice(0, Math.max(index + 1, execution.entries.length));
  entries[index] = { call, value: snapshot(value) };
  return entries;
}

/** The write of a request whose key another request took over (its holder was taken for dead): refused. */
export function keyTakenOver(): ConflictError {
  const error = new ConflictError('IDEMPOTENCY_KEY_IN_USE', 'Another request took this Idempotency-Key over; retry to get its answer');
  error.retryAfterSeconds = 1;
  return error;
}

export function markOf(claim: IdempotencyClaim, createdAt: string): string {
  return createHash('sha256').update(JSON.stringify([claim.accountId, claim.environment, claim.key, createdAt])).digest('base64url').slice(0, 22);
}

export interface StoreJournal {
  /** The request running in this async context, if any. */
  current(): Execution | undefined;
  run<T>(claim: IdempotencyClaim & Pick<IdempotencyKeyRecord, 'createdAt'>, recovery: Recovery, work: () => Promise<T>): Promise<JournaledRun<T>>;
  /** The repository whose every method is a journaled step while a request runs (`live` runs it for real). */
  wrap<R extends object>(name: string, repository: object, live: LiveStep, direct: (run: () => unknown) => Promise<unknown>): R;
}

export function createStoreJournal(): StoreJournal {
  const context = new AsyncLocalStorage<Execution>();

  async function step(execution: Execution, call: string, live: (index: number) => Promise<unknown>): Promise<unknown> {
    const index = execution.cursor < execution.entries.length ? execution.cursor : execution.entries.length;
    if (execution.cursor < execution.entries.length && index !== execution.pendingCall) {
      execution.cursor += 1;
      const entry = execution.entries[index];
      if (entry.call !== call) throw new Error(`Idempotency-Key replay diverged at call ${index}: the journal has ${entry.call}, the request made ${call}`);
      if ('error' in entry) throw revive(entry.error);
      return snapshot(entry.value);
    }
    // A redone pending write takes its place again; any other live call is appended.
    execution.cursor = index + 1;
    if (index === execution.entries.length) execution.entries.push({ call });
    try {
      const value = await live(index);
      execution.entries[index] = { call, value: snapshot(value) };
      return value;
    } catch (error) {
      execution.entries[index] = { call, error: record(error) };
      throw error;
    }
  }

  return {
    current: () => context.getStore(),
    async run(claim, recovery, work) {
      const execution: Execution = {
        claim: { accountId: claim.accountId, environment: claim.environment, key: claim.key, claimId: claim.claimId },
        entries: [...recovery.journal],
        cursor: 0,
        pendingCall: recovery.pendingCall,
        wrote: false,
        finished: false,
        mark: markOf(claim, claim.createdAt),
        onWriteCommitted: recovery.onWriteCommitted,
      };
      try {
        const result = await context.run(execution, work);
        return { wrote: execution.wrote, result };
      } catch (error) {
        return { wrote: execution.wrote, error };
      } finally {
        execution.finished = true;
      }
    },
    wrap<R extends object>(name: string, repository: object, live: LiveStep, direct: (run: () => unknown) => Promise<unknown>): R {
      const wrapped: Record<string, unknown> = {};
      for (const [method, fn] of Object.entries(repository)) {
        if (typeof fn !== 'function') continue;
        const call = `${name}.${method}`;
        wrapped[method] = (...args: unknown[]) => {
          const execution = context.getStore();
          const run = () => (fn as (...a: unknown[]) => unknown)(...args);
          if (!execution || execution.finished) return direct(run);
          return step(execution, call, (index) => live(execution, index, call, run));
        };
      }
      return wrapped as R;
    },
  };
}
