// The behaviour every McpSessionStore adapter shares (ports/mcpSessions.ts). Each adapter's test
// file calls mcpSessionsContract once with a factory; idle expiry runs on the real clock with a
// one-second idle time, so each store is made fresh with its own limits.
import type { McpSession, McpSessionStore } from '../../src/ports/mcpSessions';

export type McpSessionsFactory = (limits: { idleSeconds: number; maxPerAccount: number }) => McpSessionStore | Promise<McpSessionStore>;

const session = (id: string, accountId = 'acct_1'): McpSession => ({
  id,
  accountId,
  environment: 'live',
  clientName: 'claude-ai',
  clientVersion: '1.2.3',
  protocolVersion: '2025-06-18',
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function mcpSessionsContract(adapterName: string, make: McpSessionsFactory): void {
  describe(`McpSessionStore contract: ${adapterName}`, () => {
    it('gives back what initialize established, to whoever asks by id', async () => {
      const store = await make({ idleSeconds: 60, maxPerAccount: 5 });
      await store.open(session('s-1'));
      expect(await store.use('s-1')).toEqual(session('s-1'));
      expect(await store.use('s-1')).toEqual(session('s-1'));
      expect(await store.use('s-unknown')).toBeUndefined();
    });

    it('ends a session once: it is unknown afterwards', async () => {
      const store = await make({ idleSeconds: 60, maxPerAccount: 5 });
      await store.open(session('s-2'));
      expect(await store.end('s-2')).toBe(true);
      expect(await store.end('s-2')).toBe(false);
      expect(await store.use('s-2')).toBeUndefined();
    });

    it('ends a session left idle longer than the idle time, and each use restarts it', async () => {
      const store = await make({ idleSeconds: 1, maxPerAccount: 5 });
      await store.open(session('s-kept'));
      await store.open(session('s-idle'));
      await pause(600);
      expect(await store.use('s-kept')).toBeDefined();
      await pause(600);
      expect(await store.use('s-kept')).toBeDefined();
      expect(await store.use('s-idle')).toBeUndefined();
    });

    it('keeps at most maxPerAccount sessions per account, ending the least recently used', async () => {
      const store = await make({ idleSeconds: 60, maxPerAccount: 3 });
      for (const id of ['a', 'b', 'c']) {
        await store.open(session(id));
        await pause(5);
      }
      await store.open(session('other-account', 'acct_2'));
      await pause(5);
      expect(await store.use('a')).toBeDefined();
      await pause(5);
      await store.open(session('d'));
      expect(await store.use('b')).toBeUndefined();
      for (const id of ['a', 'c', 'd', 'other-account']) expect(await store.use(id)).toBeDefined();
    });
  });
}
