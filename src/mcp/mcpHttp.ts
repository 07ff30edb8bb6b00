// POST/DELETE /v1/mcp: the MCP Streamable HTTP transport of the official SDK, bridged
// from Koa. Sessions are ours, not the transport's, so that any API instance can serve any request
// of a session: `initialize` stores what it established (the account and environment
// that opened it, clientInfo, the protocol version) in the session store (ports/mcpSessions.ts:
// Redis with REDIS_URL, else this process) and answers its id in Mcp-Session-Id; every later
// request names it, and the instance that receives it serves that one request with a server from
// its pool (mcpServerPool.ts) and a stateless SDK transport. clientInfo.name, which analytics attribute every answer to, is sent
// only in `initialize`: it reaches later requests through the stored session.
// A session belongs to the account and environment that opened it (another caller's id is as
// unknown as a made-up one), ends on DELETE, after 30 idle minutes, or when its account opens its
// 101st. Every request is authenticated on its own (a revoked key fails on its next call);
// tools/call messages count against the caller's `search` rate-limit area. Answers are JSON, not
// SSE (enableJsonResponse): the tools answer at once and no server-initiated stream is offered,
// so GET is 405.
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import compose from 'koa-compose';
import { UnavailableError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import { principalOf } from '../http/principal';
import type { McpSession, McpSessionStore } from '../ports/mcpSessions';
import type { Guards } from '../http/guards';
import type { Invoke } from '../core/invoke';
import type { Operation } from '../core/operation';
import { publicOrigin } from '../http/publicOrigin';
import type { McpServing, RequestCaller } from './mcpServing';
import { sendWebResponse } from './webExchange';

const SESSION_HEADER = 'mcp-session-id';
const RETRY_AFTER_SECONDS = 1;

type JsonRpcMessage = { method?: unknown; params?: unknown };

function messagesOf(body: unknown): JsonRpcMessage[] {
  if (Array.isArray(body)) return body.filter((one): one is JsonRpcMessage => typeof one === 'object' && one !== null);
  return typeof body === 'object' && body !== null ? [body as JsonRpcMessage] : [];
}

/** A JSON-RPC error answered by us (not the SDK): unknown session, missing session, store down. */
function rpcError(ctx: Context, status: number, message: string): void {
  ctx.status = status;
  ctx.body = { jsonrpc: '2.0', error: { code: -32000, message }, id: null };
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value.slice(0, 200) : fallback);

/** The session an `initialize` message opens (its fields checked by the SDK when it answers). */
function sessionOpenedBy(initialize: JsonRpcMessage, principal: Principal, latestProtocolVersion: string): McpSession {
  const params = (typeof initialize.params === 'object' && initialize.params !== null ? initialize.params : {}) as Record<string, unknown>;
  const clientInfo = (typeof params.clientInfo === 'object' && params.clientInfo !== null ? params.clientInfo : {}) as Record<string, unknown>;
  return {
    id: randomUUID(),
    accountId: principal.accountId,
    environment: principal.environment,
    clientName: text(clientInfo.name, ''),
    clientVersion: text(clientInfo.version, ''),
    protocolVersion: text(params.protocolVersion, latestProtocolVersion),
  };
}

export interface McpRouteDeps {
  guards: Guards;
  plainJsonBody: Middleware;
  sessions: McpSessionStore;
  operations: ReadonlyArray<Operation>;
  invoke: Invoke<unknown>;
  publicUrl?: string;
}

export function mcpRoutes(deps: McpRouteDeps): Router {
  const { guards, sessions } = deps;
  const searchLimit = guards.rateLimit('search');
  const router = new Router({ prefix: '/mcp' });
  // The SDK and the servers over it are loaded by the first MCP request: a server nobody asks
  // over MCP does not hold them (the SDK's protocol schemas are zod, about 10 MiB).
  let serving: Promise<McpServing> | undefined;
  const mcp = () => (serving ??= import('./mcpServing').then(({ createMcpServing }) => createMcpServing(deps)));
  /** Runs a store call; while the store is down the client gets a retryable 503 instead of a lost session. */
  async function withStore<T>(ctx: Context, call: () => Promise<T>): Promise<{ value: T } | undefined> {
    try {
      return { value: await call() };
    } catch (error) {
      if (!(error instanceof UnavailableError)) throw error;
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      rpcError(ctx, 503, 'Sessions are unavailable for a moment; retry shortly');
      return undefined;
    }
  }

  /** The caller's own session named in the header; another account's is as unknown as a made-up one. */
  async function existing(ctx: Context, principal: Principal): Promise<{ value: McpSession | undefined } | undefined> {
    const found = await withStore(ctx, () => sessions.use(ctx.get(SESSION_HEADER)));
    if (!found) return undefined;
    const session = found.value;
    const owned = session && session.accountId === principal.accountId && session.environment === principal.environment;
    return { value: owned ? session : undefined };
  }

  // Credential and the route's scope (http/routeScopes.ts); the rate limit is counted per tools/call below.
  const guard = compose([guards.authenticate, guards.routeAccess]);

  router.post('/', guard, deps.plainJsonBody, async (ctx) => {
    const principal = principalOf(ctx);
    const body = ctx.request.body as unknown;
    const messages = messagesOf(body);
    const initialize = messages.find((message) => message.method === 'initialize');
    let session: McpSession;
    let opened = false;
    if (ctx.get(SESSION_HEADER)) {
      const found = await existing(ctx, principal);
      if (!found) return;
      if (!found.value) return rpcError(ctx, 404, 'Session not found: start a new one with initialize');
      session = found.value;
    } else if (initialize) {
      session = sessionOpenedBy(initialize, principal, (await mcp()).latestProtocolVersion);
      if (!(await withStore(ctx, () => sessions.open(session)))) return;
      opened = true;
    } else {
      return rpcError(ctx, 400, `Bad Request: send ${SESSION_HEADER} (from the initialize answer), or initialize first`);
    }
    if (messages.some((message) => message.method === 'tools/call')) await searchLimit(ctx, async () => undefined);
    const caller: RequestCaller = { principal, address: ctx.ip, origin: publicOrigin(ctx, deps.publicUrl), requestId: ctx.state.requestId as string };
    const response = await (await mcp()).serve(ctx, session.clientName, caller, body).catch(async (error: unknown) => {
      if (opened) await sessions.end(session.id).catch(() => undefined);
      throw error;
    });
    // An initialize the SDK refused opened nothing. Answers with a body name their session, as the
    // SDK's own sessions do (a notification's 202 has neither).
    if (opened && response.status !== 200) await sessions.end(session.id).catch(() => undefined);
    await sendWebResponse(ctx, response, response.status === 200 ? { [SESSION_HEADER]: session.id } : {});
  });

  router.delete('/', guard, async (ctx) => {
    const found = await existing(ctx, principalOf(ctx));
    if (!found) return;
    if (!found.value) return rpcError(ctx, 404, 'Session not found');
    if (!(await withStore(ctx, () => sessions.end(ctx.get(SESSION_HEADER))))) return;
    await sendWebResponse(ctx, new Response(null, { status: 200 }));
  });

  return router;
}
