// Prepared batches for the import loop, read and prepared on a worker thread (preparingThread.ts)
// or, with --threads 0, on this one.
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { openImportFile, type ImportFormat } from '../../src/adapters/importFiles/openImportFile';
import { threadSource } from '../../src/adapters/sqlite/threadSource';
import { preparedBatches, type PrepareOptions, type PreparedBatch } from '../../src/services/import/preparedBatches';
import type { PreparingMessage, PreparingThreadData } from './preparingThread';

const THREAD_SOURCE = threadSource(join(__dirname, `preparingThread${extname(__filename)}`));

export interface PreparedSourceOptions {
  file: string;
  format: ImportFormat;
  options: Omit<PrepareOptions, 'clock' | 'skip'>;
  threads: number;
}

async function* onThisThread({ file, format, options }: PreparedSourceOptions, skip: number): AsyncIterable<PreparedBatch> {
  const source = openImportFile(file, format);
  try {
    yield* preparedBatches(source, { ...options, skip, clock: () => new Date() });
  } finally {
    await source.close();
  }
}

async function* onWorker({ file, format, options }: PreparedSourceOptions, skip: number): AsyncIterable<PreparedBatch> {
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { file, format, options: { ...options, skip } } satisfies PreparingThreadData });
  const queue: PreparingMessage[] = [];
  let wake: (() => void) | undefined;
  const push = (message: PreparingMessage) => {
    queue.push(message);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (error) => push({ error: error.message }));
  worker.on('exit', (code) => push(code === 0 ? { done: true } : { error: `the preparing thread stopped (exit code ${code})` }));
  try {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift() as PreparingMessage;
      if ('done' in message) return;
      if ('error' in message) throw new Error(message.error);
      yield JSON.parse(message.batch) as PreparedBatch;
      // Written: the thread may prepare one more.
      worker.postMessage('written');
    }
  } finally {
    await worker.terminate();
  }
}

/** The batches after the first `skip` rows. */
export function preparedSource(options: PreparedSourceOptions): (skip: number) => AsyncIterable<PreparedBatch> {
  return (skip) => (options.threads === 0 ? onThisThread(options, skip) : onWorker(options, skip));
}
