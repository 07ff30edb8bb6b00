// The production processes run the JavaScript `npm run build` writes to dist/ (source maps on, so
// a stack trace in a log names the TypeScript line), as the `:prod` npm scripts and the Docker
// image do. The fleet and the start-to-ready benchmark build first: tsc is incremental, so a
// build with nothing changed only checks (seconds), and a fleet never runs stale code.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../..');

/**
 * What `npm run start:prod`, `indexer:prod` and `webhooks:prod` run, as node's arguments. The API
 * bounds its young generation (src/runtime/heapSizing.ts says why).
 */
export const COMPILED_PROCESSES = {
  api: ['--enable-source-maps', '--max-semi-space-size=8', 'dist/src/server.js'],
  indexer: ['--enable-source-maps', 'dist/indexer/main.js'],
  webhooks: ['--enable-source-maps', 'dist/src/runtime/webhookWorker.js'],
} as const;

/** Runs `npm run build`; returns how long it took, or throws with its output. */
export function buildCompiled(): { seconds: number } {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '-s', 'build'], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0) throw new Error(`npm run build failed (exit ${run.status ?? run.signal}):\n${run.stdout}${run.stderr}`);
  return { seconds: (performance.now() - started) / 1000 };
}
