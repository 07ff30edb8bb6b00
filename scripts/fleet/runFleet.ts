// `npm run fleet`: the production topology on this machine, on loopback ports (fleet.ts). Prints
// the URL and where each process logs, and tears everything down on Ctrl-C.
//   FLEET_PORT=8080 npm run fleet      # the proxy on a fixed port (default: a free one)
import { join, resolve } from 'node:path';
import { startFleet } from './fleet';

async function main(): Promise<void> {
  const port = process.env.FLEET_PORT ? Number(process.env.FLEET_PORT) : undefined;
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) throw new Error(`FLEET_PORT must be a port number (got "${process.env.FLEET_PORT}")`);
  const logDir = resolve(process.env.FLEET_LOG_DIR ?? join('.fleet', new Date().toISOString().replace(/[:.]/g, '-')));
  const fleet = await startFleet({ proxyPort: port, logDir, onProgress: (line) => console.log(`fleet: ${line}`) });
  const rows = [
    ['proxy (HAProxy, round-robin)', fleet.url],
    ...fleet.apis.map((api) => [api.name, `${api.url} (pid ${api.pid()})`]),
    ['indexer', `pid ${fleet.indexer.pid()}`],
    ...fleet.webhookWorkers.map((worker) => [worker.name, `pid ${worker.pid()}`]),
    ['MongoDB (wire server, in memory)', fleet.mongo.url],
    ['Elasticsearch', fleet.elasticsearch.url],
    ['Redis (append-only file)', fleet.redis.url],
  ];
  console.log(`\nThe API is at ${fleet.url}/v1 (docs: ${fleet.url}/docs)\n`);
  for (const [name, where] of rows) console.log(`  ${name.padEnd(34)} ${where}`);
  console.log(`\nLogs: ${fleet.logDir}\nCtrl-C stops everything.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nfleet: stopping');
    await fleet.stop();
    console.log('fleet: stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`fleet failed to start: ${(error as Error).message}`);
  process.exit(1);
});
