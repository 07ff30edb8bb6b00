// The behaviour every lease adapter shares (ports/lease.ts). Lapsing runs on the real clock with a
// short time to live, so each factory is made fresh with its own.
import type { LeaseFactory } from '../../src/ports/lease';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function leaseContract(adapterName: string, make: (ttlMs: number) => LeaseFactory | Promise<LeaseFactory>): void {
  describe(`Lease contract: ${adapterName}`, () => {
    it('one holder at a time: the first takes it, the second waits, the first keeps it by renewing', async () => {
      const leases = await make(60_000);
      const first = leases('indexer', 'a');
      const second = leases('indexer', 'b');
      expect(await first.hold()).toBe(true);
      expect(await second.hold()).toBe(false);
      expect(await first.hold()).toBe(true);
      expect(await leases('another job', 'b').hold()).toBe(true);
    });

    it('a released lease is taken at once; only its holder can release it', async () => {
      const leases = await make(60_000);
      const first = leases('indexer', 'a');
      const second = leases('indexer', 'b');
      expect(await first.hold()).toBe(true);
      await second.release();
      expect(await second.hold()).toBe(false);
      await first.release();
      expect(await second.hold()).toBe(true);
      expect(await first.hold()).toBe(false);
    });

    it('a lease not renewed lapses, and the lapsed holder cannot take it back from the new one', async () => {
      const leases = await make(300);
      const first = leases('indexer', 'a');
      const second = leases('indexer', 'b');
      expect(await first.hold()).toBe(true);
      await pause(450);
      expect(await second.hold()).toBe(true);
      expect(await first.hold()).toBe(false);
      await first.release();
      expect(await second.hold()).toBe(true);
    });
  });
}
