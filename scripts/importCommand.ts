// `npm run import -- FILE`: loads businesses from an NDJSON, CSV or GeoParquet file (Overture Maps
// places, Foursquare OS Places, or our own profile shape) into the store the server is configured
// with, then has the search index follow. docs/import.md describes it; --help lists the options.
import { createHash } from 'node:crypto';
import { realpathSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../src/config';
import { DomainError } from '../src/domain/errors';
import { createLogger } from '../src/logger';
import { openStore } from '../src/runtime/openStore';
import { progressLine } from '../src/runtime/progressBar';
import { runBulkImport } from '../src/services/import/bulkImport';
import { importOwner } from '../src/services/import/importOwner';
import type { ImportNotice } from '../src/services/import/importTally';
import { indexAfterImport, indexStep } from './import/indexAfterImport';
import { parseImportOptions, USAGE, type ImportOptions } from './import/importOptions';
import { noticeText, progressText, summaryLines } from './import/importSummary';
import { preparedSource } from './import/preparedSource';

/** The same file (path, size, modification time) imported with the same settings: what a resumed run must match. */
function runKey(options: ImportOptions, ownerId: string): string {
  const path = realpathSync(options.file);
  const { size, mtimeMs } = statSync(path);
  const settings = [path, size, mtimeMs, options.format, options.schema ?? '', options.dataset ?? '', options.environment, ownerId, options.status, options.strict, options.minConfidence ?? ''];
  return createHash('sha256').update(JSON.stringify(settings)).digest('base64url').slice(0, 22);
}

async function main(options: ImportOptions): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  statSync(options.file);
  const store = await openStore(config, logger);
  try {
    const owner = await importOwner(store, options.owner, new Date());
    const key = runKey(options, owner.id);
    if (options.restart) await store.checkpoints.save(`import:${key}`, JSON.stringify({ rowsDone: 0, tally: null, done: true }));
    console.log(`importing ${options.file} (${options.format}${options.schema ? `, ${options.schema}` : ''}) into ${options.environment === 'live' ? 'live' : 'the sandbox (test)'} as ${options.status}, owned by ${owner.name} (${owner.id})`);
    if (options.report) writeFileSync(options.report, '');
    let noticed = 0;
    const position = options.format === 'parquet' ? 'row' : 'line';
    const onNotice = (notice: ImportNotice) => {
      noticed += 1;
      if (noticed <= options.show) console.log(noticeText(notice, position));
      if (options.report) appendFileSync(options.report, `${JSON.stringify(notice)}\n`);
    };
    const line = progressLine();
    const result = await runBulkImport(
      { store, clock: () => new Date() },
      {
        runKey: key,
        settings: { environment: options.environment, ownerId: owner.id },
        batches: preparedSource({
          file: options.file,
          format: options.format,
          threads: options.threads,
          options: {
            ...(options.schema && { schema: options.schema }),
            ...(options.dataset && { dataset: options.dataset }),
            ...(options.minConfidence !== undefined && { minConfidence: options.minConfidence }),
            settings: { environment: options.environment, ownerId: owner.id, status: options.status, strict: options.strict },
            batchSize: options.batchSize,
          },
        }),
        onNotice,
        onBatch: (progress) => {
          if (progress.resumedAfter > 0 && progress.tally.rows === progress.resumedAfter) return;
          line.update(progressText(progress));
        },
      },
    );
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
