// Command-line options of `npm run import`.
import { parseArgs } from 'node:util';
import { formatOfFile, type ImportFormat } from '../../src/adapters/importFiles/openImportFile';
import { IMPORT_SCHEMAS, type ImportSchema } from '../../src/domain/imports/importRecord';
import type { Environment, ProfileStatus } from '../../src/domain/profile';

export const INDEX_MODES = ['auto', 'rebuild', 'follow', 'none'] as const;
export type IndexMode = (typeof INDEX_MODES)[number];

export interface ImportOptions {
  file: string;
  format: ImportFormat;
  schema?: ImportSchema;
  environment: Environment;
  /** An account id (acct_...) or email; absent: the "Unclaimed listings" account. */
  owner?: string;
  status: ProfileStatus;
  dataset?: string;
  minConfidence?: number;
  strict: boolean;
  index: IndexMode;
  batchSize: number;
  /** Undefined: chosen by the file's size. */
  threads?: number;
  report?: string;
  show: number;
  restart: boolean;
}

export const USAGE = `Usage: npm run import -- FILE [options]
Imports businesses from NDJSON (.ndjson, .jsonl, .geojsonseq), CSV (.csv) or GeoParquet (.parquet)
in the Overture Maps places schema, the Foursquare OS Places schema, or our own profile shape.
Re-running it updates what changed and writes nothing else; a run that stopped resumes where it
stopped. Uses the store the server is configured with (DATA_DIR, or MONGODB_URI).

  --schema S           overture, foursquare or profiles (default: told from the first row's columns)
  --format F           ndjson, csv or parquet (default: from the file's extension)
  --environment E      live (default) or test (the sandbox)
  --owner ACCOUNT      account id or email the businesses belong to (default: the "Unclaimed listings"
                       account, created on first use, which nobody can sign in to)
  --status S           published (default) or draft, for rows that do not say
  --dataset NAME       the data set's name, part of every imported business's id (default: the schema's
                       name; give your own files a name of their own)
  --min-confidence X   leave out Overture places whose confidence is below X (0-1; default: keep all)
  --strict             refuse a row with any invalid field (default: import it without that field)
  --index MODE         after the import: auto (default: rebuild after a large import on the embedded
                       index, otherwise follow), rebuild, follow (index the new changes here) or none
  --batch N            rows per batch, written in one transaction (default 5000)
  --threads N          threads preparing and writing rows (default: one per core, at most 4; 0: this
                       thread only, as it is for files under 4 MB)
  --report FILE        write every refused row, duplicate and dropped field to FILE, one JSON per line
  --show N             print the first N of them (default 20)
  --restart            start from the first row even if an earlier run of this file stopped midway`;

function number(name: string, raw: string | undefined, fallback: number, check: (value: number) => boolean, what: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || !check(value)) throw new Error(`--${name} must be ${what} (got "${raw}")`);
  return value;
}

function oneOf<T extends string>(name: string, raw: string | undefined, allowed: readonly T[], fallback?: T): T | undefined {
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new Error(`--${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return raw as T;
}

export function parseImportOptions(argv: string[]): ImportOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      schema: { type: 'string' }, format: { type: 'string' }, environment: { type: 'string' }, owner: { type: 'string' },
      status: { type: 'string' }, dataset: { type: 'string' }, 'min-confidence': { type: 'string' }, strict: { type: 'boolean' },
      index: { type: 'string' }, batch: { type: 'string' }, threads: { type: 'string' }, report: { type: 'string' },
      show: { type: 'string' }, restart: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new Error(positionals.length === 0 ? 'name the file to import' : `one file at a time (got ${positionals.length})`);
  const file = positionals[0];
  const format = oneOf('format', values.format, ['ndjson', 'csv', 'parquet'] as const) ?? formatOfFile(file);
  if (format === undefined) throw new Error(`cannot tell the format of "${file}" from its extension: add --format ndjson, csv or parquet`);
  const dataset = values.dataset?.trim();
  if (dataset !== undefined && !/^[A-Za-z0-9._-]{1,40}$/.test(dataset)) throw new Error('--dataset must be 1-40 letters, digits, dots, hyphens or underscores');
  return {
    file,
    format,
    ...(values.schema !== undefined && { schema: oneOf('schema', values.schema, IMPORT_SCHEMAS) }),
    environment: oneOf('environment', values.environment, ['live', 'test'] as const, 'live') as Environment,
    ...(values.owner !== undefined && { owner: values.owner.trim() }),
    status: oneOf('status', values.status, ['published', 'draft'] as const, 'published') as ProfileStatus,
    ...(dataset !== undefined && { dataset }),
    ...(values['min-confidence'] !== undefined && { minConfidence: number('min-confidence', values['min-confidence'], 0, (x) => x >= 0 && x <= 1, 'a number from 0 to 1') }),
    strict: values.strict === true,
    index: oneOf('index', values.index, INDEX_MODES, 'auto') as IndexMode,
    batchSize: number('batch', values.batch, 5000, (x) => Number.isInteger(x) && x >= 1 && x <= 100_000, 'a whole number from 1 to 100000'),
    ...(values.threads !== undefined && { threads: number('threads', values.threads, 0, (x) => Number.isInteger(x) && x >= 0 && x <= 16, 'a whole number from 0 to 16') }),
    ...(values.report !== undefined && { report: values.report }),
    show: number('show', values.show, 20, (x) => Number.isInteger(x) && x >= 0, 'a whole number'),
    restart: values.restart === true,
  };
}
