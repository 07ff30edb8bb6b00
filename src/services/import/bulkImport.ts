// `npm run import`'s loop: imported batches come back in file order, and after each one the run's
// position is committed to the store's checkpoints, so a run that crashes is resumed from its last
// committed batch by running the same command again. A batch written but not yet checkpointed when
// the crash came is simply written again: its rows find their profiles stored with the same digest
// and write nothing, so every row takes effect once.
import type { Store } from '../../ports/store';
import type { BatchResult } from './importBatch';
import { addTally, emptyTally, type ImportNotice, type ImportTally } from './importTally';

export interface ImportProgress {
  tally: ImportTally;
  fractionRead: number;
  /** Rows a resumed run skipped because an earlier run committed them. */
  resumedAfter: number;
  /** Time inside the store's calls (reading stored profiles, writing), summed over the threads. */
  storeMs: number;
  elapsedMs: number;
}

interface RunCheckpoint {
  rowsDone: number;
  tally: ImportTally | null;
  done: boolean;
}

export interface BulkImportOptions {
  /** Names this file with these settings: the same key resumes an unfinished run. */
  runKey: string;
  /** The batches after the first `skip` rows, imported, in file order. */
  imported: (skip: number) => AsyncIterable<BatchResult>;
  onBatch?: (progress: ImportProgress) => void;
  onNotice?: (notice: ImportNotice) => void;
}

export const IMPORT_CHECKPOINT_PREFIX = 'import:';

function parseCheckpoint(saved: string | null): RunCheckpoint | undefined {
  if (saved === null) return undefined;
  try {
    const parsed = JSON.parse(saved) as RunCheckpoint;
    return typeof parsed.rowsDone === 'number' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets an unfinished run of this key: the next run starts from the first row. */
export async function forgetImportRun(store: Pick<Store, 'checkpoints'>, runKey: string): Promise<void> {
  await store.checkpoints.save(`${IMPORT_CHECKPOINT_PREFIX}${runKey}`, JSON.stringify({ rowsDone: 0, tally: null, done: true } satisfies RunCheckpoint));
}

export async function runBulkImport(deps: { store: Pick<Store, 'checkpoints'> }, options: BulkImportOptions): Promise<ImportProgress> {
  const started = performance.now();
  const checkpoint = `${IMPORT_CHECKPOINT_PREFIX}${options.runKey}`;
  const saved = parseCheckpoint(await deps.store.checkpoints.load(checkpoint));
  const resumedAfter = saved && !saved.done && saved.tally ? saved.rowsDone : 0;
  const tally = resumedAfter > 0 && saved?.tally ? saved.tally : emptyTally();
  const progress: ImportProgress = { tally, fractionRead: 0, resumedAfter, storeMs: 0, elapsedMs: 0 };
  for await (const batch of options.imported(resumedAfter)) {
    addTally(tally, batch.tally);
    tally.rows = batch.rowsRead;
    await deps.store.checkpoints.save(checkpoint, JSON.stringify({ rowsDone: batch.rowsRead, tally, done: false } satisfies RunCheckpoint));
    for (const notice of batch.notices) options.onNotice?.(notice);
    progress.storeMs += batch.storeMs;
    progress.fractionRead = batch.fractionRead;
    progress.elapsedMs = performance.now() - started;
    options.onBatch?.(progress);
  }
  await deps.store.checkpoints.save(checkpoint, JSON.stringify({ rowsDone: tally.rows, tally, done: true } satisfies RunCheckpoint));
  return { ...progress, fractionRead: 1, elapsedMs: performance.now() - started };
}
