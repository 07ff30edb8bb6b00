// `npm run mcp:stdio`: the MCP server over stdin/stdout for desktop assistants, on the
// same engines as `npm start` (DATA_DIR, MONGODB_URI, ...) and the same services, credential check
// and call path, built by the same composition root (composeApplication.ts). The credential is
// MCP_API_KEY (an sk_live_/sk_test_ key or an access JWT): every tool call authenticates it again through invoke and counts in the search rate-limit area,
// so a revoked key stops working at once. stdout carries the protocol only: logs go to stderr.
import pino from 'pino';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { newId } from '../domain/ids';
import { createMcpServer } from '../mcp/mcpServer';
import { OPERATIONS } from '../operations/registry';
import type { Invoke } from '../core/invoke';
import { composeApplication } from './composeApplication';
import { loadConfigOrExit } from './loadConfigOrExit';
import { openRuntime } from './openRuntime';

const STDIO_ADDRESS = '127.0.0.1';

async function main(): Promise<void> {
  const key = process.env.MCP_API_KEY?.trim();
  if (!key) {
    console.error('MCP_API_KEY is required: an API key (sk_live_... or sk_test_...) with the read:businesses scope');
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const logger = pino({ level: config.logLevel, base: undefined, redact: ['authorization'] }, pino.destination(2));
  const runtime = await openRuntime(config, logger, { withIndexer: false, withWebhookDispatcher: false, withPaymentWorker: false });
  const engines = runtime.appDeps;
  // No OAuth server here: the one credential is MCP_API_KEY, an API key or an access JWT.
  const { authenticate, invoke } = composeApplication({ ...engines, config, logger, oauth: undefined });
  const credential = { authorization: `Bearer ${key}`, address: STDIO_ADDRESS };
  await authenticate(credential); // refuse a bad key at start, not at the first call

  const server = createMcpServer({
    operations: OPERATIONS,
    invoke: invoke as Invoke<unknown>,
    source: {
      caller: () => credential,
      // stdio's one server learns the client's name from `initialize` itself.
      clientName: () => undefined,
      rateLimit: (principal) => engines.rateLimits(principal, 'search', STDIO_ADDRESS),
      origin: () => config.publicUrl ?? `http://localhost:${config.port}`,
      // No HTTP request: each call is an answer of its own with a request id of its own.
      requestId: () => newId('req'),
    },
  });
  await server.connect(new StdioServerTransport());
  const stop = async () => {
    await server.close().catch(() => undefined);
    await runtime.close();
    process.exit(0);
  };
  process.stdin.on('end', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: Error) => {
  console.error(`mcp:stdio failed: ${error.message}`);
  process.exit(1);
});
