// `npm run mcp:stdio` (issue 23): the MCP server over stdin/stdout for desktop assistants, on the
// same engines as `npm start` (DATA_DIR, MONGODB_URI, ...). The credential is MCP_API_KEY (an
// sk_live_/sk_test_ key, or an access token); it goes through the same authenticate middleware
// and the search rate-limit area on every tool call, so a revoked key stops working at once.
// stdout carries the protocol only: logs go to stderr.
import pino from 'pino';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Principal } from '../domain/principal';
import { createAuthentication } from '../core/authentication';
import { loadConfigOrExit } from './loadConfigOrExit';
import { openRuntime } from './openRuntime';
import { createAnswerRecording } from '../services/analytics/answerRecording';
import { createOpeningCheck } from '../services/openingCheck';
import { createProfileAccess } from '../services/profileMutation';
import { createProfileService } from '../services/profileService';
import { createConsumerSearch } from '../services/search/consumerSearch';
import { createRecordedConsumerSearch } from '../services/search/recordedConsumerSearch';
import { createMcpServer } from '../mcp/mcpServer';
import { createSummaryDisclosures } from '../services/summaries/summaryDisclosures';

async function main(): Promise<void> {
  const key = process.env.MCP_API_KEY?.trim();
  if (!key) {
    console.error('MCP_API_KEY is required: an API key (sk_live_... or sk_test_...) with the read:businesses scope');
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const logger = pino({ level: config.logLevel, base: undefined, redact: ['authorization'] }, pino.destination(2));
  const runtime = await openRuntime(config, logger, { withIndexer: false, withWebhookDispatcher: false });
  const deps = runtime.appDeps;
  const clock = () => new Date();
  const access = createProfileAccess({ store: deps.store, clock });
  const profiles = createProfileService({ store: deps.store, access, clock });
  const recordAnswer = createAnswerRecording({ recorder: deps.eventRecorder, clock, logger });
  const consumerSearch = createConsumerSearch({ index: deps.searchIndex, sessions: deps.sessions, summaryCache: deps.summaryCache, llm: deps.llm, logger, clock, recordAnswer });
  const tools = {
    search: createRecordedConsumerSearch({ consumerSearch }),
    disclosures: createSummaryDisclosures({ secret: config.jwtSecret }),
    profiles,
    checkOpen: createOpeningCheck({ profiles, clock }),
    recordAnswer,
    logger,
  };

  const checkCredential = createAuthentication({ store: deps.store, jwtSecret: config.jwtSecret, clock });
  async function principal(): Promise<Principal> {
    const caller = await checkCredential({ authorization: `Bearer ${key}`, address: '127.0.0.1' });
    await deps.rateLimits(caller, 'search', '127.0.0.1');
    return caller;
  }
  await principal(); // refuse a bad key at start, not at the first call

  // The report links of stdio answers point at the API's public address (PUBLIC_URL, else AUTH_URL's default).
  const server = createMcpServer(tools, principal, undefined, config.publicUrl ?? config.authUrl);
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
