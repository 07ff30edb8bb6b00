// The pool of MCP servers HTTP requests borrow (src/mcp/mcpServerPool.ts).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { createMcpServerPool, type McpRequestContext } from '../../src/mcp/mcpServerPool';

function countingPool(idleServers = 2) {
  const built: Array<{ server: Server; context: McpRequestContext }> = [];
  const pool = createMcpServerPool((context) => {
    const server = new Server({ name: 'pool-test', version: '1' }, { capabilities: {} });
    built.push({ server, context });
    return server;
  }, idleServers);
  return { pool, built };
}

test('a request after another reuses its server, with the new client name set only while it runs', async () => {
  const { pool, built } = countingPool();
  const first = await pool.serve('ChatGPT', async (server) => server);
  const names: Array<string | undefined> = [];
  const second = await pool.serve('claude-ai', async (server) => {
    names.push(built[0].context.clientName);
    return server;
  });
  expect(second).toBe(first);
  expect(built).toHaveLength(1);
  expect(names).toEqual(['claude-ai']);
  expect(built[0].context.clientName).toBeUndefined();
});

test('concurrent requests get servers of their own, and at most idleServers are kept', async () => {
  const { pool, built } = countingPool(2);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const running = ['a', 'b', 'c'].map((name) => pool.serve(name, async (server) => {
    await gate;
    return server;
  }));
  expect(built.map((entry) => entry.context.clientName)).toEqual(['a', 'b', 'c']);
  release();
  const servers = await Promise.all(running);
  expect(new Set(servers).size).toBe(3);
  // Two were kept: the next two requests build nothing, the third builds a fourth server.
  await Promise.all([pool.serve('d', async () => pool.serve('e', async () => undefined))]);
  expect(built).toHaveLength(3);
  let third!: () => void;
  const held = new Promise<void>((resolve) => (third = resolve));
  const busy = [pool.serve('f', () => held), pool.serve('g', () => held), pool.serve('h', () => held)];
  expect(built).toHaveLength(4);
  third();
  await Promise.all(busy);
});

test('a server whose request failed is not reused', async () => {
  const { pool, built } = countingPool();
  await expect(pool.serve('x', async () => {
    throw new Error('transport broke');
  })).rejects.toThrow('transport broke');
  await pool.serve('y', async () => undefined);
  expect(built).toHaveLength(2);
});
