// MCP sessions over Streamable HTTP (mcp/mcpHttp.ts): what `initialize` established, kept where
// every API instance can read it, so a client's next request may reach any instance. Adapters:
// adapters/memory/memoryMcpSessions (one process) and adapters/redis/redisMcpSessions (REDIS_URL).
// Rules every adapter keeps (test/contract/mcpSessions.contract.ts):
// - use() of an unknown, ended or idle-expired session is undefined; otherwise it restarts the idle time;
// - an account holds at most `maxPerAccount` sessions: opening one more ends its least recently used;
// - end() is idempotent and says whether there was a session.
// Adapters throw UnavailableError when their engine does not answer.
import type { Environment } from '../domain/profile';

export interface McpSession {
  id: string;
  /** The account and environment that opened it: another caller presenting the id is refused. */
  accountId: string;
  environment: Environment;
  /** clientInfo from `initialize`: the name attributes every answer of the session to a platform. */
  clientName: string;
  clientVersion: string;
  protocolVersion: string;
}

export interface McpSessionStore {
  open(session: McpSession): Promise<void>;
  use(id: string): Promise<McpSession | undefined>;
  end(id: string): Promise<boolean>;
}

/** Idle time after which a session ends (the MCP SDK's clients reconnect with a new initialize). */
export const MCP_SESSION_IDLE_SECONDS = 30 * 60;
/** Sessions one account may hold at once: plenty for a few assistants, a bound for a runaway client. */
export const MCP_SESSIONS_PER_ACCOUNT = 100;
