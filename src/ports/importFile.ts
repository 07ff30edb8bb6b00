// A file of businesses to import, read a batch of rows at a time (adapters/importFiles: NDJSON,
// CSV, GeoParquet). Rows come as the file holds them, keyed by column name; the import service maps
// them to profiles.
import type { RowProblem } from '../domain/imports/importRecord';

/** One row: its values, or why it could not be read at all (a line that is not JSON). */
export interface SourceRow {
  /** Where the row is: its line in a text file, its row number in a Parquet file (1-based). */
  line: number;
  values?: Record<string, unknown>;
  unreadable?: RowProblem;
}

export interface SourceBatch {
  rows: SourceRow[];
  /** How many rows of the file the batches so far hold (skipped ones included). */
  rowsRead: number;
  /** The share of the file read so far, 0..1 (bytes for text files, rows for Parquet). */
  fractionRead: number;
}

export interface ImportFile {
  readonly format: 'ndjson' | 'csv' | 'parquet';
  /** What `SourceRow.line` counts: text files count lines, Parquet files rows. */
  readonly position: 'line' | 'row';
  /** The rows in file order, after the first `skip` rows, `batchSize` at a time. */
  batches(options: { skip: number; batchSize: number }): AsyncIterable<SourceBatch>;
  close(): Promise<void>;
}
