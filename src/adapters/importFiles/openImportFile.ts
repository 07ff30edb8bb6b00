// The reader for a file, chosen by its extension (or told): .ndjson/.jsonl/.geojsonl/.geojsonseq,
// .csv, .parquet/.geoparquet.
import { extname } from 'node:path';
import type { ImportFile } from '../../ports/importFile';
import { openCsvFile } from './csvFile';
import { openNdjsonFile } from './ndjsonFile';
import { openParquetFile } from './parquetFile';

export type ImportFormat = ImportFile['format'];

const BY_EXTENSION: Record<string, ImportFormat> = {
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.geojsonl': 'ndjson',
  '.geojsonseq': 'ndjson',
  '.csv': 'csv',
  '.parquet': 'parquet',
  '.geoparquet': 'parquet',
};

/** The format a file name says, or undefined when its extension is not one of ours. */
export function formatOfFile(file: string): ImportFormat | undefined {
  return BY_EXTENSION[extname(file).toLowerCase()];
}

export function openImportFile(file: string, format: ImportFormat): ImportFile {
  switch (format) {
    case 'ndjson':
      return openNdjsonFile(file);
    case 'csv':
      return openCsvFile(file);
    case 'parquet':
      return openParquetFile(file);
  }
}
