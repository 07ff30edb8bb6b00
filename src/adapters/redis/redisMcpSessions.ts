// MCP sessions in Redis, shared by every API instance: one hash per session (the fields of
// McpSession) whose TTL is the idle time, and per account a sorted set of its session ids by last
// use, which bounds how many one account holds. Each operation is one script, so a session and its
// account's set change together. The scripts name the account's key themselves (it is read from the
// session), which suits one Redis server, the deployment this project describes, not Redis Cluster.
import type Redis from 'ioredis';
import type { Environment } from '../../domain/profile';
import { unavailableWhenFailing } from './unavailableWhenFailing';
import { MCP_SESSION_IDLE_SECONDS, MCP_SESSIONS_PER_ACCOUNT, type McpSessionStore } from '../../ports/mcpSessions';

export interface RedisMcpSessionsOptions {
  redis: Redis;
  /** Key prefix; default "mcp:". */
  keyPrefix?: string;
  idleSeconds?: number;
  maxPerAccount?: number;
  now?: () => number;
}

// KEYS: session hash, account set. ARGV: idle seconds, now ms, id, max per account, session key prefix, then the fields.
const OPEN = `
redis.call('HSET', KEYS[1], 'accountId', ARGV[6], 'environment', ARGV[7], 'clientName', ARGV[8], 'clientVersion', ARGV[9], 'protocolVersion', ARGV[10])
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[2]) - tonumber(ARGV[1]) * 1000)
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
local overflow = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
if overflow > 0 then
  for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, overflow - 1)) do redis.call('DEL', ARGV[5] .. id) end
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, overflow - 1)
end
redis.call('EXPIRE', KEYS[2], ARGV[1])
return 1
`;

// KEYS: session hash. ARGV: idle seconds, now ms, id, account key prefix.
const USE = `
local fields = redis.call('HGETALL', KEYS[1])
if #fields == 0 then return fields end
redis.call('EXPIRE', KEYS[1], ARGV[1])
for i = 1, #fields, 2 do
  if fields[i] == 'accountId' then
    redis.call('ZADD', ARGV[4] .. fields[i + 1], ARGV[2], ARGV[3])
    redis.call('EXPIRE', ARGV[4] .. fields[i + 1], ARGV[1])
  end
end
return fields
`;

// KEYS: session hash. ARGV: id, account key prefix.
const END = `
local account = redis.call('HGET', KEYS[1], 'accountId')
if not account then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', ARGV[2] .. account, ARGV[1])
return 1
`;

export function createRedisMcpSessions(options: RedisMcpSessionsOptions): McpSessionStore {
  const { redis } = options;
  const prefix = options.keyPrefix ?? 'mcp:';
  const sessionPrefix = `${prefix}session:`;
  const accountPrefix = `${prefix}account:`;
  const idle = options.idleSeconds ?? MCP_SESSION_IDLE_SECONDS;
  const maxPerAccount = options.maxPerAccount ?? MCP_SESSIONS_PER_ACCOUNT;
  const now = options.now ?? Date.now;

  const guarded = unavailableWhenFailing('The MCP session store is not available; retry shortly');

  return {
    open: (session) =>
      guarded(async () => {
        await redis.eval(OPEN, 2, sessionPrefix + session.id, accountPrefix + session.accountId, idle, now(), session.id, maxPerAccount, sessionPrefix,
          session.accountId, session.environment, session.clientName, session.clientVersion, session.protocolVersion);
      }),
    use: (id) =>
      guarded(async () => {
        const flat = (await redis.eval(USE, 1, sessionPrefix + id, idle, now(), id, accountPrefix)) as string[];
        if (flat.length === 0) return undefined;
        const fields: Partial<Record<string, string>> = {};
        for (let i = 0; i < flat.length; i += 2) fields[flat[i]] = flat[i + 1];
        return {
          id,
          accountId: fields.accountId!,
          environment: fields.environment as Environment,
          clientName: fields.clientName ?? '',
          clientVersion: fields.clientVersion ?? '',
          protocolVersion: fields.protocolVersion ?? '',
        };
      }),
    end: (id) => guarded(async () => (await redis.eval(END, 1, sessionPrefix + id, id, accountPrefix)) === 1),
  };
}
