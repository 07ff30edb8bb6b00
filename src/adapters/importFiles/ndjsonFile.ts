// Newline-delimited JSON (one object per line; .ndjson, .jsonl, GeoJSONSeq's .geojsonl). Blank lines
// are not rows; a line that is not a JSON object is an unreadable row, reported with its line.
import type { ImportFile, SourceBatch, SourceRow } from '../../ports/importFile';
import { fraction, textLines } from './textLines';

/** GeoJSON text sequences (RFC 8142) start each record with the ASCII record separator. */
const RECORD_SEPARATOR = /^\u001e/;

function rowOf(text: string, line: number): SourceRow {
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { line, values: value as Record<string, unknown> };
    return { line, unreadable: { field: '', issue: 'is not a JSON object' } };
  } catch (error) {
    return { line, unreadable: { field: '', issue: `is not valid JSON (${(error as Error).message})` } };
  }
}

export function openNdjsonFile(file: string): ImportFile {
  return {
    format: 'ndjson',
    position: 'line',
    async *batches({ skip, batchSize }): AsyncIterable<SourceBatch> {
      const { lines, progress } = textLines(file);
      let line = 0;
      let rowsRead = 0;
      let rows: SourceRow[] = [];
      for await (const raw of lines) {
        line += 1;
        const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
        if (text.trim() === '') continue;
        rowsRead += 1;
        if (rowsRead <= skip) continue;
        rows.push(rowOf(text.replace(RECORD_SEPARATOR, ''), line));
        if (rows.length === batchSize) {
          yield { rows, rowsRead, fractionRead: fraction(progress()) };
          rows = [];
        }
      }
      if (rows.length > 0 || rowsRead === 0) yield { rows, rowsRead, fractionRead: 1 };
    },
    async close() {},
  };
}
