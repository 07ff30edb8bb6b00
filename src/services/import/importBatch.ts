// One batch of an import file's rows, prepared (each row's JSON parsed, mapped by its schema's
// column mapping, checked and made a profile: preparedRow.ts) and written through the Store port
// (batchWriter.ts). The import's threads each run this on their own batches, preparing at the same
// time and writing one after the other in file order (importPipeline.ts).
import type { ImportSchema } from '../../domain/imports/importRecord';
import { schemaOfRow, sourceMapping, type SourceMappingOptions } from '../../domain/imports/sourceMapping';
import type { SourceBatch, SourceRow } from '../../ports/importFile';
import type { Store } from '../../ports/store';
import { createBatchWriter } from './batchWriter';
import { emptyTally, type ImportNotice, type ImportTally } from './importTally';
import { prepareRow, type ImportSettings, type PreparedRow } from './preparedRow';

export interface BatchContext {
  schema: ImportSchema;
  mapping: SourceMappingOptions;
  settings: ImportSettings;
}

export interface BatchResult {
  /** Rows of the file read up to the end of this batch (the skipped rows of a resumed run included). */
  rowsRead: number;
  fractionRead: number;
  /** This batch's counts. */
  tally: ImportTally;
  notices: ImportNotice[];
  /** Time in the store's calls for this batch. */
  storeMs: number;
}

function valuesOf(row: SourceRow): { values: Record<string, unknown> } | { problem: { field: string; issue: string } } {
  if (row.unreadable || row.json === undefined) return { problem: row.unreadable ?? { field: '', issue: 'is empty' } };
  try {
    const value: unknown = JSON.parse(row.json);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { values: value as Record<string, unknown> };
    return { problem: { field: '', issue: 'is not a JSON object' } };
  } catch (error) {
    return { problem: { field: '', issue: `is not valid JSON (${(error as Error).message})` } };
  }
}

/** The schema the first readable row's columns say (sourceMapping.ts), or undefined when no row is readable. */
export function schemaOfRows(rows: readonly SourceRow[]): ImportSchema | undefined {
  for (const row of rows) {
    const read = valuesOf(row);
    if ('values' in read) return schemaOfRow(read.values);
  }
  return undefined;
}

/** The rows made ready to write; CPU work only, no store. */
export function prepareRows(rows: readonly SourceRow[], context: BatchContext, now: Date): PreparedRow[] {
  const map = sourceMapping(context.schema, context.mapping);
  return rows.map((row) => {
    const read = valuesOf(row);
    return 'values' in read ? prepareRow(row.line, map(read.values), context.settings, now) : { type: 'problem', line: row.line, ...read.problem };
  });
}

/** Writes prepared rows and tells what became of them. */
export async function writePreparedRows(
  deps: { store: Pick<Store, 'profiles'>; clock: () => Date },
  batch: Pick<SourceBatch, 'rowsRead' | 'fractionRead'>,
  rows: readonly PreparedRow[],
  settings: Pick<ImportSettings, 'environment' | 'ownerId'>,
): Promise<BatchResult> {
  const tally = emptyTally();
  tally.rows = rows.length;
  const notices: ImportNotice[] = [];
  const started = performance.now();
  await createBatchWriter({ store: deps.store, settings, clock: deps.clock }).write(rows, tally, (notice) => notices.push(notice));
  return { rowsRead: batch.rowsRead, fractionRead: batch.fractionRead, tally, notices, storeMs: performance.now() - started };
}

export async function importBatch(deps: { store: Pick<Store, 'profiles'>; clock: () => Date }, batch: SourceBatch, context: BatchContext): Promise<BatchResult> {
  return writePreparedRows(deps, batch, prepareRows(batch.rows, context, deps.clock()), context.settings);
}
