// One MCP server (issue 23) for one session: the tools of mcpTools.ts plus the business://{id}
// resource (a published profile as JSON, read with the same scope and visibility as get_business).
// Built per request by the HTTP transport (mcpHttp.ts) and once by the stdio entry point.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { checkPrincipalScope as checkScope } from '../http/authorize';
import { presentProfile } from '../presenters/profilePresenter';
import { platformOfMcpClient } from '../domain/analytics/mcpClientPlatform';
import type { Principal } from '../domain/principal';
import { newId } from '../domain/ids';
import { type McpToolDeps, registerTools, type ToolExtra } from './mcpTools';
import type { AnswerOrigin } from '../services/summaries/summaryDisclosures';
import { resourceReadError } from './resourceReadError';

export const MCP_SERVER_INFO = { name: 'business-discovery-api', version: '1.0.0' };

const INSTRUCTIONS =
  'Local business discovery. Use search_businesses for what the user asks in their words, then get_business for details ' +
  '(services and prices, hours, exclusive content) and check_open before saying a place is open. Ids look like biz_...';

/**
 * `principal` answers the caller of the request being handled (HTTP: each request's own credential).
 * `request` (HTTP): the name the client gave in `initialize`, read from the session for each request,
 * since an HTTP server serves one request of any session at a time (mcpHttp.ts); stdio's one server
 * learns it from `initialize` itself. `origin` (stdio): the public origin of the links answers hand
 * out; over HTTP each request's own is in authInfo.extra.answerOrigin, with its request id.
 */
export function createMcpServer(
  deps: McpToolDeps,
  principal: (extra: ToolExtra) => Principal | Promise<Principal>,
  request?: { clientName: string | undefined },
  origin = 'http://localhost',
): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: INSTRUCTIONS });
  // Asked at each call: the client names itself in `initialize`, before any tool is called.
  const platform = () => platformOfMcpClient(request ? request.clientName : server.server.getClientVersion()?.name);
  // stdio has no HTTP request: each call is an answer of its own with a request id of its own.
  const answerOrigin = (extra: ToolExtra) => (extra.authInfo?.extra?.answerOrigin as AnswerOrigin | undefined) ?? { origin, requestId: newId('req') };
  registerTools(server, deps, { principal, platform, answerOrigin });

  // No `list`: enumerating every business is what search is for; clients read one by id.
  server.registerResource(
    'business',
    new ResourceTemplate('business://{id}', { list: undefined }),
    { title: 'Business profile', description: 'A published business profile as JSON (same as get_business)', mimeType: 'application/json' },
    async (uri, variables, extra) => {
      try {
        const caller = await principal(extra);
        checkScope(caller, 'read:businesses');
        const id = String(Array.isArray(variables.id) ? variables.id[0] : variables.id);
        const profile = presentProfile(await deps.profiles.read(caller, id));
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(profile) }] };
      } catch (error) {
        throw resourceReadError(error, uri.href);
      }
    },
  );
  return server;
}
