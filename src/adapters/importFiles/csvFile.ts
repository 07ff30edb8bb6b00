// CSV (RFC 4180, read by csv-parse): the first record names the columns. A dotted column name
// nests ("location.coordinates.lat" -> location: {coordinates: {lat}}), an empty cell is no value,
// and a cell holding a JSON array or object (a list column written by a spatial tool or a
// spreadsheet) is read as one by the mappings (domain/imports/sourceValues.ts). A record with another
// number of fields than the header, or broken quoting, is an unreadable row reported with its line.
import { createReadStream, statSync } from 'node:fs';
import { parse, type CsvError } from 'csv-parse';
import type { ImportFile, SourceBatch, SourceRow } from '../../ports/importFile';
import { fraction } from './textLines';

/** A record's cells under the header's (possibly dotted) names. */
export function nestedRow(header: readonly string[], cells: readonly (string | undefined)[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  header.forEach((name, at) => {
    const cell = cells[at];
    if (cell === undefined || cell.trim() === '') return;
    const path = name.split('.');
    let into = row;
    for (const part of path.slice(0, -1)) {
      const next = into[part];
      into = (next !== null && typeof next === 'object' ? next : (into[part] = {})) as Record<string, unknown>;
    }
    into[path[path.length - 1]] = cell;
  });
  return row;
}

/** The line a record starts on: csv-parse counts the line it ends on, and quoted fields may hold line breaks. */
function startLine(endLine: number, cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) breaks += 1;
  return endLine - breaks;
}

export function openCsvFile(file: string): ImportFile {
  return {
    format: 'csv',
    position: 'line',
    async *batches({ skip, batchSize }): AsyncIterable<SourceBatch> {
      const bytesTotal = statSync(file).size;
      const stream = createReadStream(file, { highWaterMark: 1 << 20 });
      const skipped: SourceRow[] = [];
      const parser = stream.pipe(
        parse({
          info: true,
          bom: true,
          relax_column_count: true,
          skip_empty_lines: true,
          skip_records_with_error: true,
          on_skip: (error: CsvError | undefined) => {
            skipped.push({ line: Number(error?.lines ?? 0), unreadable: { field: '', issue: `is not valid CSV (${error?.message ?? 'unreadable'})` } });
            return undefined;
          },
        }),
      );
      let header: string[] | undefined;
      let rowsRead = 0;
      let rows: SourceRow[] = [];
      const take = (row: SourceRow) => {
        rowsRead += 1;
        if (rowsRead > skip) rows.push(row);
      };
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        for (const row of skipped.splice(0)) take(row);
        if (header === undefined) {
          header = record.map((name) => name.trim());
          continue;
        }
        const line = startLine(info.lines, record);
        take(
          record.length === header.length
            ? { line, json: JSON.stringify(nestedRow(header, record)) }
            : { line, unreadable: { field: '', issue: `has ${record.length} fields where the header names ${header.length}` } },
        );
        if (rows.length >= batchSize) {
          yield { rows, rowsRead, fractionRead: fraction({ bytesRead: stream.bytesRead, bytesTotal }) };
          rows = [];
        }
      }
      for (const row of skipped.splice(0)) take(row);
      if (rows.length > 0 || rowsRead === 0) yield { rows, rowsRead, fractionRead: 1 };
    },
    async close() {},
  };
}
