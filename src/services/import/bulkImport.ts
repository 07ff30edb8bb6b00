// `npm run import`'s loop: prepared batches in, written through the Store port, and after each
// batch the run's position committed to the store's checkpoints, so a run that crashes is resumed
// from its last committed batch by running the same command again. A batch written but not yet
// checkpointed when the crash came is simply written again: its rows find their profiles already
// stored with the same digest and write nothing, so every row takes effect once.
import type { Store } from '../../ports/store';
import { createBatchWriter } from './batchWriter';
import { emptyTally, type ImportNotice, type ImportTally } from './importTally';
import type { PreparedBatch } from './preparedBatches';
import type { ImportSettings } from './preparedRow';

export interface ImportProgress {
  tally: ImportTally;
  fractionRead: number;
  /** Rows a resumed run skipped because an earlier run committed them. */
  resumedAfter: number;
  /** Time inside the store's calls (reading stored profiles, writing), the rest being reading and preparing rows. */
  storeMs: number;
  elapsedMs: number;
}

export interface ImportResult extends ImportProgress {
  schema?: PreparedBatch['schema'];
}

interface RunCheckpoint {
  rowsDone: number;
  tally: ImportTally;
  done: boolean;
}

export interface BulkImportOptions {
  /** Names this file with these settings: the same key resumes an unfinished run. */
  runKey: string;
  settings: Pick<ImportSettings, 'environment' | 'ownerId'>;
  /** The prepared batches after the first `skip` rows (read on this thread or on a worker). */
  batches: (skip: number) => AsyncIterable<PreparedBatch>;
  onBatch?: (progress: ImportProgress) => void;
  onNotice?: (notice: ImportNotice) => void;
}

export const IMPORT_CHECKPOINT_PREFIX = 'import:';

function parseCheckpoint(saved: string | null): RunCheckpoint | undefined {
  if (saved === null) return undefined;
  try {
    const parsed = JSON.parse(saved) as RunCheckpoint;
    return typeof parsed.rowsDone === 'number' && parsed.tally ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export async function runBulkImport(deps: { store: Pick<Store, 'profiles' | 'checkpoints'>; clock: () => Date }, options: BulkImportOptions): Promise<ImportResult> {
  const started = performance.now();
  const checkpoint = `${IMPORT_CHECKPOINT_PREFIX}${options.runKey}`;
  const saved = parseCheckpoint(await deps.store.checkpoints.load(checkpoint));
  const resumedAfter = saved && !saved.done ? saved.rowsDone : 0;
  const tally = resumedAfter > 0 && saved ? saved.tally : emptyTally();
  const writer = createBatchWriter({ store: deps.store, settings: options.settings, clock: deps.clock });
  const notify = options.onNotice ?? (() => undefined);
  let storeMs = 0;
  let fractionRead = resumedAfter > 0 ? 0 : 1;
  let schema: PreparedBatch['schema'] | undefined;
  for await (const batch of options.batches(resumedAfter)) {
    const before = performance.now();
    await writer.write(batch.rows, tally, notify);
    tally.rows = batch.rowsRead;
    await deps.store.checkpoints.save(checkpoint, JSON.stringify({ rowsDone: batch.rowsRead, tally, done: false } satisfies RunCheckpoint));
    storeMs += performance.now() - before;
    fractionRead = batch.fractionRead;
    schema = batch.schema;
    options.onBatch?.({ tally, fractionRead, resumedAfter, storeMs, elapsedMs: performance.now() - started });
  }
  await deps.store.checkpoints.save(checkpoint, JSON.stringify({ rowsDone: tally.rows, tally, done: true } satisfies RunCheckpoint));
  return { tally, fractionRead, resumedAfter, storeMs, elapsedMs: performance.now() - started, ...(schema && { schema }) };
}
