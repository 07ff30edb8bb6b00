// How a worker process (`npm run indexer`, `npm run webhooks`) starts and stops, in one place so
// they behave alike: a start that fails prints one line and exits 1 (a bad setting: its message
// alone); SIGTERM or SIGINT runs the worker's stop steps once, in order (finish the work in
// flight, then close the engines it opened), and exits 0, or 1 when a step fails. A signal while
// stopping is ignored: under tsx, or with a signal sent to the process group, one Ctrl-C can arrive
// twice, and it must not cut the work in flight short (SIGKILL still ends a stop that hangs).
import { ConfigError } from '../config';
import type { Logger } from '../logger';

export function runWorker(name: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(`${name} failed to start: ${(error as Error).message}`);
    process.exit(1);
  });
}

export function stopOnSignal(name: string, logger: Logger, steps: Array<() => Promise<void>>): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `stopping ${name}`);
    try {
      for (const step of steps) await step();
    } catch (error) {
      logger.error({ err: error }, `${name} did not stop cleanly`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
