// The MCP session contract on the in-process store (the embedded default).
import { createMemoryMcpSessions } from '../../src/adapters/memory/memoryMcpSessions';
import { mcpSessionsContract } from './mcpSessions.contract';

mcpSessionsContract('in-process', (limits) => createMemoryMcpSessions(limits));

it('holds at most maxSessions in all, ending the least recently used', async () => {
  const store = createMemoryMcpSessions({ maxSessions: 2 });
  for (const [id, accountId] of [['x', 'acct_1'], ['y', 'acct_2'], ['z', 'acct_3']]) {
    await store.open({ id, accountId, environment: 'live', clientName: 'c', clientVersion: '1', protocolVersion: '2025-06-18' });
  }
  expect(await store.use('x')).toBeUndefined();
  expect((await store.use('y'))?.accountId).toBe('acct_2');
  expect((await store.use('z'))?.accountId).toBe('acct_3');
});
