// MCP sessions in this process (the embedded default): a Map in recency order (a used session is
// moved to the end), idle expiry checked on access, at most `maxPerAccount` per account and
// `maxSessions` in all (the least recently used go first).
import { MCP_SESSION_IDLE_SECONDS, MCP_SESSIONS_PER_ACCOUNT, type McpSession, type McpSessionStore } from '../../ports/mcpSessions';

export interface MemoryMcpSessionsOptions {
  idleSeconds?: number;
  maxPerAccount?: number;
  maxSessions?: number;
  now?: () => number;
}

export function createMemoryMcpSessions(options: MemoryMcpSessionsOptions = {}): McpSessionStore {
  const idleMs = (options.idleSeconds ?? MCP_SESSION_IDLE_SECONDS) * 1000;
  const maxPerAccount = options.maxPerAccount ?? MCP_SESSIONS_PER_ACCOUNT;
  const maxSessions = options.maxSessions ?? 10_000;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, { session: McpSession; lastUsed: number }>();

  function sweep(): void {
    const cutoff = now() - idleMs;
    for (const [id, entry] of sessions) if (entry.lastUsed <= cutoff) sessions.delete(id);
  }

  return {
    async open(session) {
      sweep();
      sessions.set(session.id, { session: { ...session }, lastUsed: now() });
      const mine = [...sessions].filter(([, entry]) => entry.session.accountId === session.accountId);
      for (const [id] of mine.slice(0, Math.max(0, mine.length - maxPerAccount))) sessions.delete(id);
      while (sessions.size > maxSessions) sessions.delete(sessions.keys().next().value as string);
    },
    async use(id) {
      const entry = sessions.get(id);
      if (!entry) return undefined;
      sessions.delete(id);
      if (entry.lastUsed <= now() - idleMs) return undefined;
      entry.lastUsed = now();
      sessions.set(id, entry);
      return { ...entry.session };
    },
    async end(id) {
      return sessions.delete(id);
    },
  };
}
