// How agents discover this service: the A2A agent card (/.well-known/agent-card.json) and the MCP
// Registry's server.json (/server.json), both built from the operation declarations for the
// origin the request came to (PUBLIC_URL when set). Public, cached and rate limited per address
// like the business pages.
import Router from '@koa/router';
import type { Operation } from '../core/operation';
import type { PageRateLimit } from '../core/rateLimitCheck';
import { publicOrigin } from '../http/publicOrigin';
import { agentCard } from './agentCard';
import { withinPageLimit } from './businessPageRoutes';
import { AGENT_CARD_PATH, SERVER_JSON_PATH } from './discoveryPaths';
import { answerDocument } from './documentAnswer';
import { mcpRegistryServer } from './mcpRegistryServer';

export interface AgentDiscoveryDeps {
  operations: readonly Operation[];
  /** DIRECTORY_NAME. */
  name: string;
  publicUrl?: string;
  /** AUTH_URL when the OAuth server runs. */
  oauthIssuer?: string;
  rateLimit?: PageRateLimit;
}

/** They change only with a deployment: kept an hour by caches. */
const DISCOVERY_CACHE_CONTROL = 'public, max-age=3600';

export function agentDiscoveryRoutes(deps: AgentDiscoveryDeps): Router {
  const router = new Router();
  router.get(AGENT_CARD_PATH, async (ctx) => {
    if (!(await withinPageLimit(ctx, deps.rateLimit))) return;
    const card = agentCard(deps.operations, { origin: publicOrigin(ctx, deps.publicUrl), name: deps.name, ...(deps.oauthIssuer && { oauthIssuer: deps.oauthIssuer }) });
    answerDocument(ctx, { body: JSON.stringify(card, null, 2), type: 'application/json', cacheControl: DISCOVERY_CACHE_CONTROL });
  });
  router.get(SERVER_JSON_PATH, async (ctx) => {
    if (!(await withinPageLimit(ctx, deps.rateLimit))) return;
    const server = mcpRegistryServer(deps.operations, { origin: publicOrigin(ctx, deps.publicUrl), name: deps.name });
    answerDocument(ctx, { body: JSON.stringify(server, null, 2), type: 'application/json', cacheControl: DISCOVERY_CACHE_CONTROL });
  });
  return router;
}
