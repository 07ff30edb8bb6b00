// The recorder's bounds come from the configuration, and what it dropped is reported in the
// admin readiness report, not only logged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { openRuntime, type Runtime } from '../../src/runtime/openRuntime';
import { anEvent } from '../fixtures/analyticsEvents';

let dataDir: string;
let runtime: Runtime | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'bdapi-recorder-'));
});
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

it('reports what the recorder stored and dropped, with its configured bounds', async () => {
  const config = loadConfig({ DATA_DIR: dataDir, IN_PROCESS_INDEXER: 'false', ANALYTICS_BUFFER_EVENTS: '100', ANALYTICS_FLUSH_INTERVAL_MS: '60000' });
  runtime = await openRuntime(config, createLogger('silent'));
  const { eventRecorder, readiness } = runtime.appDeps;

  eventRecorder.record(Array.from({ length: 150 }, () => anEvent()));
  await eventRecorder.flush();

  expect((await readiness()).analyticsRecorder).toEqual({
    recorded: 100, stored: 100, dropped: 50, failedWrites: 0, buffered: 0, capacity: 100, batchSize: 2000, flushIntervalMs: 60000,
  });
});

it('has no recorder to report with ANALYTICS_RECORDING=false', async () => {
  runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir, IN_PROCESS_INDEXER: 'false', ANALYTICS_RECORDING: 'false' }), createLogger('silent'));
  expect((await runtime.appDeps.readiness()).analyticsRecorder).toBeUndefined();
});
