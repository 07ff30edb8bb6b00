// An import file's rows, a batch at a time, mapped by their schema's column mapping and prepared
// for the store (preparedRow.ts). The schema is the one asked for, or the one the first readable
// row's columns say. CPU work only, no store: the import runs it on a worker thread while the main
// thread writes the previous batch.
import type { ImportSchema } from '../../domain/imports/importRecord';
import { schemaOfRow, sourceMapping, type SourceMappingOptions } from '../../domain/imports/sourceMapping';
import type { ImportFile } from '../../ports/importFile';
import { prepareRow, type ImportSettings, type PreparedRow } from './preparedRow';

export interface PreparedBatch {
  rows: PreparedRow[];
  /** Rows of the file read so far, the skipped ones of a resumed run included. */
  rowsRead: number;
  fractionRead: number;
  /** The schema the rows were read in. */
  schema: ImportSchema;
}

export interface PrepareOptions extends SourceMappingOptions {
  /** The file's column mapping; told from the first row when absent. */
  schema?: ImportSchema;
  /** The data set's name in profile ids; the schema's name when absent. */
  dataset?: string;
  settings: Omit<ImportSettings, 'dataset'>;
  skip: number;
  batchSize: number;
  clock: () => Date;
}

export async function* preparedBatches(file: ImportFile, options: PrepareOptions): AsyncIterable<PreparedBatch> {
  let schema = options.schema;
  let map: ReturnType<typeof sourceMapping> | undefined;
  let settings: ImportSettings | undefined;
  for await (const batch of file.batches({ skip: options.skip, batchSize: options.batchSize })) {
    const now = options.clock();
    const rows: PreparedRow[] = [];
    for (const row of batch.rows) {
      if (row.unreadable || !row.values) {
        rows.push({ type: 'problem', line: row.line, ...(row.unreadable ?? { field: '', issue: 'is empty' }) });
        continue;
      }
      schema ??= schemaOfRow(row.values);
      map ??= sourceMapping(schema, options);
      settings ??= { ...options.settings, dataset: options.dataset ?? schema };
      rows.push(prepareRow(row.line, map(row.values), settings, now));
    }
    yield { rows, rowsRead: batch.rowsRead, fractionRead: batch.fractionRead, schema: schema ?? options.schema ?? 'profiles' };
  }
}
