// The benchmarks' data set loaded the way an operator loads listings: the generated businesses are
// written to an import file (timed as generation), then imported with `npm run import`'s pipeline
// (timed as the import: threads that each open the store, prepare and write in file order). The
// file is removed once imported; a kept data directory keeps only the store.
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openImportFile } from '../../src/adapters/importFiles/openImportFile';
import type { Config } from '../../src/config';
import type { Store } from '../../src/ports/store';
import { runBulkImport, type ImportProgress } from '../../src/services/import/bulkImport';
import type { BatchContext } from '../../src/services/import/importBatch';
import type { ImportTally } from '../../src/services/import/importTally';
import { DEFAULT_IMPORT_THREADS, onThisThread, onWorkers } from '../import/importPipeline';
import { writeBusinessFile, type BusinessFileShape } from './businessFile';
import { businessStream } from './generateBusinesses';

export interface ImportedBusinesses {
  rows: number;
  /** Generating the businesses and writing the file. */
  generateMs: number;
  generateCpuMs: number;
  fileBytes: number;
  /** The import alone, from the first row read to the last batch committed. */
  importMs: number;
  /** CPU of this process and its import threads during the import. */
  importCpuMs: number;
  tally: ImportTally;
}

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

export async function generateAndImport(options: {
  store: Store;
  storeConfig: Pick<Config, 'dataDir' | 'mongodbUri'>;
  count: number;
  seed: string;
  ownerId: string;
  /** Where the import file is written (and removed from). */
  dir: string;
  shape?: BusinessFileShape;
  /** An existing file to import instead of generating one (kept afterwards). */
  file?: string;
  threads?: number;
  batchSize?: number;
  onBatch?: (progress: ImportProgress) => void;
}): Promise<ImportedBusinesses> {
  const shape = options.shape ?? 'profiles';
  const file = options.file ?? join(options.dir, `businesses-${shape}-${options.count}.ndjson`);
  let generated = { ms: 0, cpuMs: 0 };
  if (options.file === undefined) {
    const started = performance.now();
    const cpu = cpuMs();
    await writeBusinessFile(file, businessStream(options.count, options.seed, { ownerId: options.ownerId }), shape);
    generated = { ms: performance.now() - started, cpuMs: cpuMs() - cpu };
  }
  const fileBytes = statSync(file).size;
  const threads = options.threads ?? DEFAULT_IMPORT_THREADS;
  const context: BatchContext = { schema: shape, mapping: {}, settings: { environment: 'live', ownerId: options.ownerId, dataset: 'bench', status: 'published', strict: false } };
  const source = openImportFile(file, 'ndjson');
  const pipeline = { file: source, context, batchSize: options.batchSize ?? 5000 };
  const started = performance.now();
  const cpu = cpuMs();
  try {
    const result = await runBulkImport(
      { store: options.store },
      {
        runKey: `bench-${options.count}-${options.seed}-${started}`,
        imported: threads === 0 ? onThisThread(options.store, pipeline) : onWorkers(options.storeConfig, { ...pipeline, threads }),
        ...(options.onBatch && { onBatch: options.onBatch }),
      },
    );
    return { rows: result.tally.rows, generateMs: generated.ms, generateCpuMs: generated.cpuMs, fileBytes, importMs: performance.now() - started, importCpuMs: cpuMs() - cpu, tally: result.tally };
  } finally {
    await source.close();
    if (options.file === undefined) rmSync(file, { force: true });
  }
}
