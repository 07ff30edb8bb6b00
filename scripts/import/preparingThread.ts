// The body of the import's worker thread: reads the file and prepares its rows (mapping, the
// profile's validation, derived fields) while the main thread writes the previous batch. Each
// batch crosses to the main thread as one JSON string (cheaper to pass and parse than structured
// clones of thousands of objects); the thread keeps at most two batches ahead of the writer.
import { parentPort, workerData } from 'node:worker_threads';
import { openImportFile, type ImportFormat } from '../../src/adapters/importFiles/openImportFile';
import { preparedBatches, type PrepareOptions } from '../../src/services/import/preparedBatches';

export interface PreparingThreadData {
  file: string;
  format: ImportFormat;
  options: Omit<PrepareOptions, 'clock'>;
}

/** Thread -> main: a batch, the end, or the error that stopped reading. */
export type PreparingMessage = { batch: string } | { done: true } | { error: string };

/** Batches the thread may have prepared and not yet seen written. */
const AHEAD = 2;

async function run(): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const { file, format, options } = workerData as PreparingThreadData;
  let credits = AHEAD;
  let wake: (() => void) | undefined;
  // The main thread sends one message per batch it has written: room for one more.
  port.on('message', () => {
    credits += 1;
    wake?.();
  });
  const source = openImportFile(file, format);
  try {
    for await (const batch of preparedBatches(source, { ...options, clock: () => new Date() })) {
      while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
      credits -= 1;
      port.postMessage({ batch: JSON.stringify(batch) } satisfies PreparingMessage);
    }
    port.postMessage({ done: true } satisfies PreparingMessage);
  } catch (error) {
    port.postMessage({ error: (error as Error).message } satisfies PreparingMessage);
  } finally {
    await source.close();
    port.close();
  }
}

void run();
