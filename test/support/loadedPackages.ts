// Run in a process of its own (node --import tsx test/support/loadedPackages.ts [graphql] [mcp]
// [oauth]): opens the embedded runtime on an empty temp data dir as `npm start` does, builds the
// app, optionally sends it one request of each named transport, and prints as JSON which npm
// packages the process has loaded. The idle footprint test reads it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app';
import { nodeRequestListener } from '../../src/http/nodeRequestListener';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { openRuntime } from '../../src/runtime/openRuntime';

const REQUESTS: Record<string, { method: string; path: string; body?: string }> = {
  graphql: { method: 'POST', path: '/v1/graphql', body: '{"query":"{ __typename }"}' },
  mcp: { method: 'POST', path: '/v1/mcp', body: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}' },
  oauth: { method: 'GET', path: '/.well-known/oauth-authorization-server' },
};

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loaded-packages-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', IN_PROCESS_INDEXER: 'true' });
  const runtime = await openRuntime(config, createLogger('silent'));
  const server = createServer(nodeRequestListener(createApp({ config, logger: createLogger('silent'), ...runtime.appDeps })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    for (const name of process.argv.slice(2)) {
      const sent = REQUESTS[name];
      // Answers do not matter (these requests carry no credential): only what serving them loaded.
      await fetch(`http://127.0.0.1:${port}${sent.path}`, { method: sent.method, body: sent.body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } });
    }
    const packages = new Set<string>();
    for (const file of Object.keys(require.cache)) {
      const found = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
      if (found) packages.add(found[1]);
    }
    console.log(JSON.stringify([...packages].sort()));
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
