// Process entry point: read config, open the configured engines (waiting for them with
// backoff), build the app, listen, and shut down cleanly on SIGTERM/SIGINT.
import './runtime/compileCache';
import { servingHeap } from './runtime/heapSizing';
import { createServer, type Server } from 'node:http';
import { createApp } from './app';
import { answerClientErrors } from './http/clientErrors';
import { nodeRequestListener } from './http/nodeRequestListener';
import { createLogger, type Logger } from './logger';
import { loadConfigOrExit } from './runtime/loadConfigOrExit';
import { openRuntime, type Runtime } from './runtime/openRuntime';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  let runtime: Runtime;
  try {
    runtime = await openRuntime(config, logger);
  } catch (error) {
    logger.fatal({ err: error }, `start-up failed: ${(error as Error).message}`);
    process.exit(1);
  }
  const killAt = config.idempotencyKillAt;
  // Crash tests only (refused in production): a real SIGKILL at that phase of an idempotent request.
  const onIdempotencyPhase = killAt ? (phase: string) => phase === killAt && process.kill(process.pid, 'SIGKILL') : undefined;
  const app = createApp({ config, logger, ...runtime.appDeps, onIdempotencyPhase });
  const server = createServer(nodeRequestListener(app));
  answerClientErrors(server);
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 120_000;
  server.listen(config.port, config.host, () => {
    servingHeap();
    logger.info({ port: config.port, host: config.host, engines: runtime.engines }, `API listening on http://${config.host}:${config.port}/v1`);
  });
  installShutdown(server, runtime, logger);
}

function installShutdown(server: Server, runtime: Runtime, logger: Logger): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const forced = setTimeout(() => {
      logger.error('shutdown took longer than 25 s; exiting');
      process.exit(1);
    }, 25_000);
    forced.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    await runtime.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

void main();
