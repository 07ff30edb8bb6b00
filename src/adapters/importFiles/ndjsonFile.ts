// Newline-delimited JSON (one object per line; .ndjson, .jsonl, GeoJSON text sequences). Blank
// lines are not rows. Each line goes on as it is: whether it is a JSON object is checked where the
// row is mapped (import/sourceRows.ts), which reports one that is not with its line.
import type { ImportFile, SourceBatch, SourceRow } from '../../ports/importFile';
import { fraction, textLines } from './textLines';

/** GeoJSON text sequences (RFC 8142) start each record with the ASCII record separator. */
const RECORD_SEPARATOR = /^\u001e/;

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
        rows.push({ line, json: text.replace(RECORD_SEPARATOR, '') });
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
