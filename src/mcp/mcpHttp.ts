// POST/DELETE /v1/mcp (issue 23): the MCP Streamable HTTP transport of the official SDK, bridged
// from Koa. With sessions: clientInfo.name, which analytics attribute every answer to, is sent
// only in `initialize`, so the server that received it must answer the session's later calls.
// Sessions live in this process (behind several instances, route by the Mcp-Session-Id header),
// belong to the account and environment that opened them, end on DELETE, after 30 idle minutes,
// or when the process holds MAX_SESSIONS and a new one starts (the least recently used goes).
// Every request is authenticated on its own (a revoked key fails on its next call); tools/call
// messages count against the caller's `search` rate-limit area. Answers are JSON, not SSE
// (enableJsonResponse): the tools answer at once, and no server-initiated stream is offered,
// so GET is 405.
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Context, Middleware } from 'koa';
import compose from 'koa-compose';
import type { Principal } from '../domain/principal';
import { principalOf } from '../http/principal';
import type { RouteGuards } from '../routes/routeGuards';
import { createMcpServer } from './mcpServer';
import type { McpToolDeps, ToolExtra } from './mcpTools';

const SESSION_HEADER = 'mcp-session-id';
export const MCP_SESSION_IDLE_MS = 30 * 60_000;
export const MAX_SESSIONS = 1000;

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  accountId: string;
  environment: Principal['environment'];
  lastUsed: number;
}

type JsonRpcMessage = { method?: unknown };

function messagesOf(body: unknown): JsonRpcMessage[] {
  if (Array.isArray(body)) return body.filter((one): one is JsonRpcMessage => typeof one === 'object' && one !== null);
  return typeof body === 'object' && body !== null ? [body as JsonRpcMessage] : [];
}

/** A JSON-RPC error answered by us (not the SDK): unknown session, missing session. */
function rpcError(ctx: Context, status: number, message: string): void {
  ctx.status = status;
  ctx.body = { jsonrpc: '2.0', error: { code: -32000, message }, id: null };
}

const principalFromExtra = (extra: ToolExtra) => extra.authInfo?.extra?.principal as Principal;

export function mcpRoutes(deps: { guards: RouteGuards; plainJsonBody: Middleware; tools: McpToolDeps; clock?: () => number }): Router {
  const { guards, tools } = deps;
  const now = deps.clock ?? Date.now;
  const sessions = new Map<string, Session>();
  const searchLimit = guards.rateLimit('search');
  const router = new Router({ prefix: '/mcp' });

  function end(id: string): void {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    void session.server.close().catch(() => undefined);
  }

  function sweep(): void {
    const cutoff = now() - MCP_SESSION_IDLE_MS;
    for (const [id, session] of sessions) if (session.lastUsed < cutoff) end(id);
    // Map order is least recently used first (a used session is moved to the end).
    while (sessions.size >= MAX_SESSIONS) end(sessions.keys().next().value as string);
  }

  async function open(principal: Principal): Promise<Session> {
    sweep();
    const server = createMcpServer(tools, principalFromExtra);
    const session: Session = { server, accountId: principal.accountId, environment: principal.environment, lastUsed: now(), transport: undefined as never };
    session.transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        sessions.set(id, session);
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    await server.connect(session.transport);
    return session;
  }

  /** The caller's own session named in the header; another account's is as unknown as a made-up one. */
  function existing(ctx: Context, principal: Principal): Session | undefined {
    const session = sessions.get(ctx.get(SESSION_HEADER));
    if (!session || session.accountId !== principal.accountId || session.environment !== principal.environment) return undefined;
    if (now() - session.lastUsed > MCP_SESSION_IDLE_MS) {
      end(ctx.get(SESSION_HEADER));
      return undefined;
    }
    sessions.delete(ctx.get(SESSION_HEADER));
    sessions.set(ctx.get(SESSION_HEADER), session);
    session.lastUsed = now();
    return session;
  }

  async function handOver(ctx: Context, session: Session, body?: unknown): Promise<void> {
    const principal = principalOf(ctx);
    // The SDK passes req.auth to every handler as extra.authInfo: the principal of this request.
    (ctx.req as typeof ctx.req & { auth?: unknown }).auth = { token: '', clientId: principal.accountId, scopes: [...principal.scopes], extra: { principal } };
    // The SDK writes the response itself; the body was already read and parsed by koa-body.
    ctx.respond = false;
    await session.transport.handleRequest(ctx.req, ctx.res, body);
  }

  // Credential and the route's scope (http/routeScopes.ts); the rate limit is counted per tools/call below.
  const guard = compose([guards.authenticate, guards.routeAccess]);

  router.post('/', guard, deps.plainJsonBody, async (ctx) => {
    const principal = principalOf(ctx);
    const body = ctx.request.body as unknown;
    const messages = messagesOf(body);
    let session: Session | undefined;
    if (ctx.get(SESSION_HEADER)) {
      session = existing(ctx, principal);
      if (!session) return rpcError(ctx, 404, 'Session not found: start a new one with initialize');
    } else if (messages.some((message) => message.method === 'initialize')) {
      session = await open(principal);
    } else {
      return rpcError(ctx, 400, `Bad Request: send ${SESSION_HEADER} (from the initialize answer), or initialize first`);
    }
    if (messages.some((message) => message.method === 'tools/call')) await searchLimit(ctx, async () => undefined);
    await handOver(ctx, session, body);
  });

  router.delete('/', guard, async (ctx) => {
    const session = existing(ctx, principalOf(ctx));
    if (!session) return rpcError(ctx, 404, 'Session not found');
    await handOver(ctx, session);
  });

  return router;
}
