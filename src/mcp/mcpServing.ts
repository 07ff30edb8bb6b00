// The MCP side of POST /v1/mcp (mcpHttp.ts): servers from the official SDK over the declared
// operations, reused through a pool, each serving one request with a stateless transport. Loaded
// by the first MCP request.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from 'koa';
import type { Invoke } from '../core/invoke';
import type { Operation } from '../core/operation';
import type { Principal } from '../domain/principal';
import { createMcpServer, type ToolExtra } from './mcpServer';
import { createMcpServerPool } from './mcpServerPool';
import { webRequestOf } from './webExchange';

/** What the HTTP route hands each request's server through the SDK's authInfo: who calls, from where. */
export interface RequestCaller {
  principal: Principal;
  address: string;
  origin: string;
  requestId: string;
}

export interface McpServing {
  /** The protocol version a session that names none speaks. */
  latestProtocolVersion: string;
  /** One request: a server of its own while it runs and a stateless transport, with what the session established. */
  serve(ctx: Context, clientName: string, caller: RequestCaller, body: unknown): Promise<Response>;
}

// The SDK carries AuthInfo.extra as Record<string, unknown>; serve() below puts the caller there.
const callerOf = (extra: ToolExtra) => extra.authInfo?.extra as unknown as RequestCaller;

export function createMcpServing(deps: { operations: ReadonlyArray<Operation>; invoke: Invoke<unknown> }): McpServing {
  const servers = createMcpServerPool((context) =>
    createMcpServer({
      operations: deps.operations,
      invoke: deps.invoke,
      source: {
        caller: (extra) => ({ principal: callerOf(extra).principal, address: callerOf(extra).address }),
        clientName: () => context.clientName,
        // Each tools/call message was counted in the search area before the server saw it (mcpHttp.ts).
        rateLimit: async () => undefined,
        origin: (extra) => callerOf(extra).origin,
        requestId: (extra) => callerOf(extra).requestId,
      },
    }),
  );
  return {
    latestProtocolVersion: LATEST_PROTOCOL_VERSION,
    serve(ctx, clientName, caller, body) {
      // The SDK passes authInfo to every handler as extra.authInfo: the caller of this request.
      const authInfo = { token: '', clientId: caller.principal.accountId, scopes: [...caller.principal.scopes], extra: caller as unknown as Record<string, unknown> }; // read back by callerOf
      return servers.serve(clientName, async (server) => {
        const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        await server.connect(transport);
        try {
          return await transport.handleRequest(webRequestOf(ctx), { authInfo, parsedBody: body });
        } finally {
          await server.close();
        }
      });
    },
  };
}
