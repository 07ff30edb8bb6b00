// (Geo)Parquet through DuckDB (@duckdb/node-api, an optional dependency: only this reader loads
// it, so an API server or an install without it never pays its ~70 MB). Rows stream a DuckDB chunk
// (2 048 rows) at a time, each as JSON: structs as objects, lists as arrays, the geometry column
// as its WKB in hex. GeoParquet's conversion to DuckDB's GEOMETRY type is switched off so the column
// reads the same whether or not the spatial extension happens to be installed; the mappings decode
// the WKB point themselves. Overture's `sources` column (provenance of every property, the widest
// column) is not read.
import type { ImportFile, SourceBatch, SourceRow } from '../../ports/importFile';

type DuckDb = typeof import('@duckdb/node-api');

/** Columns no mapping reads and that cost the most to convert. */
const UNREAD_COLUMNS = new Set(['sources']);

export class MissingParquetReaderError extends Error {
  constructor() {
    super(
      'Reading Parquet needs the optional dependency @duckdb/node-api (DuckDB, about 70 MB), which is not installed here: ' +
        'run `npm install @duckdb/node-api`, or import the same rows as CSV or NDJSON.',
    );
    this.name = 'MissingParquetReaderError';
  }
}

async function loadDuckDb(): Promise<DuckDb> {
  try {
    return await import('@duckdb/node-api');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') throw new MissingParquetReaderError();
    throw error;
  }
}

/**
 * JSON for a DuckDB value: binary (the WKB geometry) as hex, which the mappings decode; 64-bit
 * integers as numbers; a DATE as its day. Reads the value before toJSON (a Buffer's would be an array).
 */
function plainValue(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Uint8Array) return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('hex');
  if (typeof raw === 'bigint') return Number(raw);
  if (raw instanceof Date) return raw.getUTCHours() + raw.getUTCMinutes() + raw.getUTCSeconds() + raw.getUTCMilliseconds() === 0 ? raw.toISOString().slice(0, 10) : raw.toISOString();
  return value;
}

/** A SQL string literal. */
function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

export function openParquetFile(file: string): ImportFile {
  let closing: (() => void) | undefined;
  return {
    format: 'parquet',
    position: 'row',
    async *batches({ skip, batchSize }): AsyncIterable<SourceBatch> {
      const duckdb = await loadDuckDb();
      const instance = await duckdb.DuckDBInstance.create(':memory:');
      const connection = await instance.connect();
      closing = () => {
        connection.closeSync();
        instance.closeSync();
      };
      try {
        // The setting belongs to the parquet extension (built in), which must be loaded before it is set.
        await connection.run('LOAD parquet; SET enable_geoparquet_conversion = false');
        const source = `read_parquet(${literal(file)})`;
        const total = Number((await connection.runAndReadAll(`SELECT count(*) AS n FROM ${source}`)).getRowObjects()[0].n);
        const described = (await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`)).getRowObjects();
        const columns = described.map((column) => String(column.column_name)).filter((name) => !UNREAD_COLUMNS.has(name));
        // Parquet keeps row order within a file, and DuckDB preserves it by default: OFFSET resumes where a run stopped.
        const result = await connection.stream(`SELECT ${columns.map(quoted).join(', ')} FROM ${source} OFFSET ${Math.max(0, Math.trunc(skip))}`);
        let rowsRead = Math.min(skip, total);
        let rows: SourceRow[] = [];
        for await (const chunk of result.yieldRowObjectJs()) {
          for (const values of chunk) {
            rowsRead += 1;
            rows.push({ line: rowsRead, json: JSON.stringify(values, plainValue) });
            if (rows.length === batchSize) {
              yield { rows, rowsRead, fractionRead: total === 0 ? 1 : rowsRead / total };
              rows = [];
            }
          }
        }
        if (rows.length > 0 || rowsRead === skip) yield { rows, rowsRead, fractionRead: 1 };
      } finally {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() may have run and cleared it while the rows were read
        closing?.();
        closing = undefined;
      }
    },
    async close() {
      closing?.();
      closing = undefined;
    },
  };
}
