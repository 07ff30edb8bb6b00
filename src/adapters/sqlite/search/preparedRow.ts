// What a document becomes in a generation's tables, prepared apart from writing it: the documents
// row, the FTS columns and the place record. A rebuild prepares them on worker threads
// (rowPreparation.ts) while the event loop writes the rows prepared before.
import type { SearchDocument } from '../../../ports/searchIndex';
import { type DocumentRow, documentRow, type FtsRow, ftsRow } from './documentRow';
import { placeRecord } from './placeRecord';

export interface PreparedRow {
  row: DocumentRow;
  text: FtsRow;
  /** Null without coordinates (placeRecord.ts). */
  place: Buffer | null;
}

export function prepareRow(document: SearchDocument): PreparedRow {
  const row = documentRow(document);
  return { row, text: ftsRow(document), place: placeRecord(row, document) };
}
