// `npm run import -- FILE`: loads businesses from an NDJSON, CSV or GeoParquet file (Overture Maps
// places, Foursquare OS Places, or our own profile shape) into the store the server is configured
// with, then has the search index follow. docs/import.md describes it; --help lists the options.
import { createHash } from 'node:crypto';
import { appendFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { openImportFile } from '../src/adapters/importFiles/openImportFile';
import { ConfigError, loadConfig } from '../src/config';
import { DomainError } from '../src/domain/errors';
import type { ImportSchema } from '../src/domain/imports/importRecord';
import { createLogger } from '../src/logger';
import { openStore } from '../src/runtime/openStore';
import { progressLine } from '../src/runtime/progressBar';
import { forgetImportRun, runBulkImport } from '../src/services/import/bulkImport';
import { schemaOfRows, type BatchContext } from '../src/services/import/importBatch';
import { importOwner } from '../src/services/import/importOwner';
import type { ImportNotice } from '../src/services/import/importTally';
import { indexAfterImport, indexStep } from './import/indexAfterImport';
import { parseImportOptions, USAGE, type ImportOptions } from './import/importOptions';
import { DEFAULT_IMPORT_THREADS, onThisThread, onWorkers } from './import/importPipeline';
import { IMPORT_STORE_TUNING } from './import/importStoreTuning';
import { noticeText, progressText, summaryLines } from './import/importSummary';

/** Files smaller than this are imported on this thread: starting threads would take longer than the rows. */
const THREADS_FROM_BYTES = 4 << 20;

/** The same file (path, size, modification time) imported with the same settings: what a resumed run must match. */
function runKey(options: ImportOptions, ownerId: string): string {
  const path = realpathSync(options.file);
  const { size, mtimeMs } = statSync(path);
  const settings = [path, size, mtimeMs, options.format, options.schema ?? '', options.dataset ?? '', options.environment, ownerId, options.status, options.strict, options.minConfidence ?? ''];
  return createHash('sha256').update(JSON.stringify(settings)).digest('base64url').slice(0, 22);
}

/** The schema asked for, or the one the file's first readable row says. */
async function schemaOf(options: ImportOptions): Promise<ImportSchema> {
  if (options.schema) return options.schema;
  const file = openImportFile(options.file, options.format);
  try {
    for await (const batch of file.batches({ skip: 0, batchSize: 100 })) {
      const schema = schemaOfRows(batch.rows);
      if (schema) return schema;
    }
    return 'profiles';
  } finally {
    await file.close();
  }
}

async function main(options: ImportOptions): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const { size } = statSync(options.file);
  // This connection writes too: the run's position after each batch, and the batches themselves on one thread.
  const store = await openStore(config, logger, IMPORT_STORE_TUNING);
  try {
    const owner = await importOwner(store, options.owner, new Date());
    const key = runKey(options, owner.id);
    if (options.restart) await forgetImportRun(store, key);
    const schema = await schemaOf(options);
    const context: BatchContext = {
      schema,
      mapping: { ...(options.minConfidence !== undefined && { minConfidence: options.minConfidence }) },
      settings: { environment: options.environment, ownerId: owner.id, dataset: options.dataset ?? schema, status: options.status, strict: options.strict },
    };
    const threads = options.threads ?? (size < THREADS_FROM_BYTES ? 0 : DEFAULT_IMPORT_THREADS);
    console.log(`importing ${options.file} (${options.format}, ${schema} schema) into ${options.environment === 'live' ? 'live' : 'the sandbox (test)'} as ${options.status}, owned by ${owner.name} (${owner.id})`);
    if (options.report) writeFileSync(options.report, '');
    let noticed = 0;
    const position = options.format === 'parquet' ? 'row' : 'line';
    const onNotice = (notice: ImportNotice) => {
      noticed += 1;
      if (noticed <= options.show) console.log(noticeText(notice, position));
      if (options.report) appendFileSync(options.report, `${JSON.stringify(notice)}\n`);
    };
    const file = openImportFile(options.file, options.format);
    const pipeline = { file, context, batchSize: options.batchSize };
    const line = progressLine();
    const result = await runBulkImport(
      { store },
      {
        runKey: key,
        imported: threads === 0 ? onThisThread(store, pipeline) : onWorkers(config, { ...pipeline, threads }),
        onNotice,
        onBatch: (progress) => line.update(progressText(progress)),
      },
    ).finally(() => file.close());
    line.finish(progressText(result));
    for (const text of summaryLines(result, options.show, noticed, options.report)) console.log(text);
    const changes = result.tally.created + result.tally.updated + result.tally.removed;
    // The indexer's own notes (a first full build) would read as warnings here; its failures still show.
    const indexLogger = createLogger(config.logLevel === 'debug' || config.logLevel === 'trace' ? config.logLevel : 'error');
    console.log(await indexAfterImport({ config, store, logger: indexLogger }, indexStep(options.index, changes, config.mongodbUri !== undefined), changes));
  } finally {
    await store.close();
  }
}

let options: ImportOptions | 'help';
try {
  options = parseImportOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (options === 'help') {
  console.log(USAGE);
} else {
  main(options).catch((error: unknown) => {
    console.error(`import failed: ${(error as Error).message}`);
    // Our own refusals (a bad setting, an unknown owner, a missing file) need no stack; anything else is a bug to report.
    const expected = error instanceof ConfigError || error instanceof DomainError || (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (!expected) console.error((error as Error).stack);
    process.exit(1);
  });
}
