// MCP servers for HTTP requests, reused. Each request gets a server of its own for its duration
// (a stateless SDK transport serves one request), but building one compiles every tool's argument
// schema: milliseconds of CPU. A server is connected to
// the request's transport, closed afterwards (the SDK allows connecting again after close) and
// kept for the next request, with the client's name set for that request only.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** What one request's server needs to know beyond the request: the session's client name. */
export interface McpRequestContext {
  clientName: string | undefined;
}

export interface McpServerPool {
  /** Runs `use` with an idle server (or a new one) whose context names `clientName`. */
  serve<T>(clientName: string, use: (server: Server) => Promise<T>): Promise<T>;
}

/** Idle servers kept; beyond it a burst builds servers that are dropped after their request. */
const IDLE_SERVERS = 16;

export function createMcpServerPool(build: (context: McpRequestContext) => Server, idleServers = IDLE_SERVERS): McpServerPool {
  const idle: Array<{ server: Server; context: McpRequestContext }> = [];
  return {
    async serve(clientName, use) {
      const entry = idle.pop() ?? (() => {
        const context: McpRequestContext = { clientName: undefined };
        return { server: build(context), context };
      })();
      entry.context.clientName = clientName;
      let reusable = false;
      try {
        const result = await use(entry.server);
        reusable = true;
        return result;
      } finally {
        entry.context.clientName = undefined;
        if (reusable && entry.server.transport === undefined && idle.length < idleServers) idle.push(entry);
      }
    },
  };
}
