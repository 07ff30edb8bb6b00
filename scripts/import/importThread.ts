// The body of an import thread: it opens the store itself (its own SQLite connection or MongoDB
// client) and, for each batch the main thread hands it, prepares the rows at once, then writes them
// when the main thread says it is the batch's turn (batches are written in file order, one at a
// time, while the other threads prepare theirs).
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../../src/config';
import type { SourceBatch } from '../../src/ports/importFile';
import { openStore } from '../../src/runtime/openStore';
import { prepareRows, writePreparedRows, type BatchContext, type BatchResult } from '../../src/services/import/importBatch';
import { IMPORT_STORE_TUNING } from './importStoreTuning';

export interface ImportThreadData {
  store: Pick<Config, 'dataDir' | 'mongodbUri'>;
  context: BatchContext;
}

/** Main -> thread: a batch to prepare, its turn to write, or the end. */
export type ToImportThread = { batch: SourceBatch; seq: number } | { write: number } | { close: true };
/** Thread -> main: a batch prepared (waiting for its turn), a batch written, or what stopped the thread. */
export type FromImportThread = { ready: number } | { written: number; result: BatchResult } | { error: string };

async function run(): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const { store: storeConfig, context } = workerData as ImportThreadData;
  const store = await openStore(storeConfig, undefined, IMPORT_STORE_TUNING);
  const turns = new Map<number, () => void>();
  const granted = new Set<number>();
  const turnOf = (seq: number) => (granted.delete(seq) ? Promise.resolve() : new Promise<void>((resolve) => turns.set(seq, resolve)));
  const clock = () => new Date();
  let work = Promise.resolve();
  port.on('message', (message: ToImportThread) => {
    if ('write' in message) {
      const waiting = turns.get(message.write);
      turns.delete(message.write);
      if (waiting) waiting();
      else granted.add(message.write);
      return;
    }
    if ('close' in message) {
      void work.finally(() => store.close().finally(() => port.close()));
      return;
    }
    const { batch, seq } = message;
    // Batches are prepared one after another on this thread; each waits for its turn to write.
    work = work.then(async () => {
      try {
        const rows = prepareRows(batch.rows, context, clock());
        port.postMessage({ ready: seq } satisfies FromImportThread);
        await turnOf(seq);
        const result = await writePreparedRows({ store, clock }, batch, rows, context.settings);
        port.postMessage({ written: seq, result } satisfies FromImportThread);
      } catch (error) {
        port.postMessage({ error: (error as Error).stack ?? String(error) } satisfies FromImportThread);
      }
    });
  });
}

void run();
