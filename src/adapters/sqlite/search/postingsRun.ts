// A slice of a rebuild's documents as one sorted run of word postings (native/postingsRuns.h),
// built by FTS5's own tokenizer in the native library: on a row preparation thread when the
// rebuild has them (rowPreparationThread.ts), else on the writer's connection. The writer hands
// the run to the lists with the row ids the slice got (searchListsWriter.ts addRun).
import type { Environment } from '../../../domain/profile';
import type { SqliteDatabase } from '../openDatabase';
import type { FtsRow } from './documentRow';

/** A document of the slice: its environment, its postings cell (placeRecord.ts postingsCell) and FTS columns; null posts nothing. */
export type RunDocument = { environment: Environment; cell: number; text: FtsRow } | null;

const COLUMNS = ['name', 'category', 'services', 'tagline', 'description', 'exclusive', 'tags'] as const;

/** postings_run's input: u32 n, then per document u8 environment letter, i64 cell, 7 x (u32 bytes, UTF-8). */
export function runInput(documents: readonly RunDocument[]): Buffer {
  let bytes = 4;
  for (const document of documents) {
    bytes += 1 + 8 + 4 * COLUMNS.length;
    if (document) for (const column of COLUMNS) bytes += Buffer.byteLength(document.text[column], 'utf8');
  }
  const input = Buffer.alloc(bytes);
  let at = input.writeUInt32LE(documents.length, 0);
  for (const document of documents) {
    at = input.writeUInt8(document ? document.environment.charCodeAt(0) : 0, at);
    at = input.writeBigInt64LE(BigInt(document?.cell ?? 0), at);
    for (const column of COLUMNS) {
      const text = document?.text[column] ?? '';
      const length = input.write(text, at + 4, 'utf8');
      at = input.writeUInt32LE(length, at);
      at += length;
    }
  }
  return input;
}

/** The run of `documents`, on a connection with the native library loaded. */
export function postingsRun(db: SqliteDatabase, documents: readonly RunDocument[]): Buffer {
  return db.prepare('SELECT postings_run(?)').pluck().get(runInput(documents)) as Buffer;
}
