// How an import's batches are prepared and written: on this thread one after another, or on worker
// threads (importThread.ts) that each open the store, prepare their batches in parallel and write
// them one at a time in file order, each thread writing while the others prepare. No row crosses a
// thread as an object: batches go out as JSON text and come back as counts.
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { threadSource } from '../../src/adapters/sqlite/threadSource';
import type { Config } from '../../src/config';
import type { ImportFile, SourceBatch } from '../../src/ports/importFile';
import type { Store } from '../../src/ports/store';
import { importBatch, type BatchContext, type BatchResult } from '../../src/services/import/importBatch';
import type { FromImportThread, ImportThreadData, ToImportThread } from './importThread';

const THREAD_SOURCE = threadSource(join(__dirname, `importThread${extname(__filename)}`));

/** One per core: each thread alternates between preparing (in parallel) and writing (in turn). */
export const DEFAULT_IMPORT_THREADS = Math.max(1, Math.min(4, availableParallelism()));

export interface PipelineOptions {
  file: ImportFile;
  context: BatchContext;
  batchSize: number;
}

export function onThisThread(store: Pick<Store, 'profiles'>, options: PipelineOptions): (skip: number) => AsyncIterable<BatchResult> {
  return async function* imported(skip) {
    for await (const batch of options.file.batches({ skip, batchSize: options.batchSize })) {
      yield await importBatch({ store, clock: () => new Date() }, batch, options.context);
    }
  };
}

/** Results arrive by message; the loop below takes them in file order. */
class Mailbox<T> {
  private readonly items: T[] = [];
  private wake?: () => void;
  put(item: T): void {
    this.items.push(item);
    this.wake?.();
  }
  async take(): Promise<T> {
    while (this.items.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
    return this.items.shift() as T;
  }
}

type Event = { from: number; message: FromImportThread } | { from: number; exit: number };

export function onWorkers(storeConfig: Pick<Config, 'dataDir' | 'mongodbUri'>, options: PipelineOptions & { threads: number }): (skip: number) => AsyncIterable<BatchResult> {
  return async function* imported(skip) {
    const events = new Mailbox<Event>();
    const workers = Array.from({ length: options.threads }, (_, at) => {
      const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { store: storeConfig, context: options.context } satisfies ImportThreadData });
      worker.on('message', (message: FromImportThread) => events.put({ from: at, message }));
      worker.on('error', (error) => events.put({ from: at, message: { error: error.stack ?? error.message } }));
      worker.on('exit', (code) => events.put({ from: at, exit: code }));
      return worker;
    });
    const send = (at: number, message: ToImportThread) => workers[at].postMessage(message);
    const batches = options.file.batches({ skip, batchSize: options.batchSize })[Symbol.asyncIterator]();
    // Each thread holds at most two batches: one it writes or waits to write, one it prepares meanwhile.
    const limit = options.threads * 2;
    let sent = 0;
    let nextToWrite = 0;
    let readAll = false as boolean; // set by fill() when the file ends
    const ready = new Set<number>();
    const finished = new Map<number, BatchResult>();
    const fill = async () => {
      while (!readAll && sent - nextToWrite < limit) {
        const next = await batches.next();
        if (next.done) {
          readAll = true;
          return;
        }
        const batch: SourceBatch = next.value;
        send(sent % options.threads, { batch, seq: sent });
        sent += 1;
      }
    };
    try {
      await fill();
      while (nextToWrite < sent || !readAll) {
        if (ready.delete(nextToWrite)) send(nextToWrite % options.threads, { write: nextToWrite });
        const result = finished.get(nextToWrite);
        if (result) {
          finished.delete(nextToWrite);
          nextToWrite += 1;
          await fill();
          yield result;
          continue;
        }
        const event = await events.take();
        if ('exit' in event) throw new Error(`import thread ${event.from} stopped (exit code ${event.exit})`);
        const { message } = event;
        if ('error' in message) throw new Error(`import thread ${event.from} failed: ${message.error}`);
        if ('ready' in message) ready.add(message.ready);
        else finished.set(message.written, message.result);
      }
      // Every batch written: the threads close their stores and end.
      for (const [at, worker] of workers.entries()) {
        worker.removeAllListeners('exit');
        const ended = new Promise((resolve) => worker.once('exit', resolve));
        send(at, { close: true });
        await ended;
      }
    } finally {
      await Promise.all(workers.map((worker) => worker.terminate()));
    }
  };
}
