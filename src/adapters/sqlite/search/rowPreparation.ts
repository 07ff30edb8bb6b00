// Worker threads that prepare a rebuild's rows (preparedRow.ts: JSON, schedule code, opening
// masks, tags, place record) and tokenize their word postings into a sorted run (postingsRun.ts),
// so the event loop only writes. A rebuild sends each slice of documents as soon as it has them and writes
// the slices in order as their rows come back. Started by the first large write of a rebuild,
// stopped when it ends; small rebuilds (tests, a fresh index) prepare on the event loop.
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SearchDocument } from '../../../ports/searchIndex';
import { threadSource } from '../threadSource';
import type { PreparedRow } from './preparedRow';
import type { PreparationReply } from './rowPreparationThread';

const THREAD_SOURCE = threadSource(join(__dirname, `rowPreparationThread${extname(__filename)}`));

/** A slice's rows, same order as its documents (null for one a thread could not prepare), and their postings run. */
export interface PreparedSlice {
  rows: Array<PreparedRow | null>;
  /** The slice's word postings as one sorted run (postingsRun.ts); absent without the native library. */
  run?: Buffer;
}

export interface RowPreparation {
  prepare(documents: SearchDocument[]): Promise<PreparedSlice>;
  close(): Promise<void>;
}

/** One thread per core but the event loop's, at least one. */
export const PREPARATION_THREADS = Math.max(1, availableParallelism() - 1);

/** A Buffer crosses threads as a plain Uint8Array. */
const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** `library`: the native library the threads tokenize postings with (rankExtension.ts); null: rows only. */
export function createRowPreparation(library: string | null, size: number = PREPARATION_THREADS): RowPreparation {
  const pending = new Map<number, { resolve(slice: PreparedSlice): void; reject(error: Error): void }>();
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { library } });
    worker.on('message', ({ id, rows, run }: PreparationReply) => {
      const waiting = pending.get(id);
      pending.delete(id);
      waiting?.resolve({
        rows: rows.map((prepared) => prepared && { ...prepared, place: prepared.place && asBuffer(prepared.place) }),
        ...(run && { run: asBuffer(run) }),
      });
    });
    const fail = (error: Error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`A row preparation thread stopped (exit code ${code})`));
    });
    return worker;
  });
  let nextId = 1;
  return {
    prepare(documents) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        workers[id % workers.length].postMessage({ id, documents });
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
