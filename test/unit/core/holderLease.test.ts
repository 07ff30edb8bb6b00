// The Idempotency-Key holder lease on its own (core/holderLease.ts): renewed every second while
// calls are inside it, and never again once the last one leaves, even when entering failed.
import { createHolderLease } from '../../../src/core/holderLease';

const CLOCK = () => new Date('2030-01-01T00:00:00Z');

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function leaseOver(renewHolder: () => Promise<void>) {
  const renewals: string[] = [];
  const lease = createHolderLease({
    records: { renewHolder: async (id) => { renewals.push(id); await renewHolder(); } },
    clock: CLOCK,
    logger: { warn: () => undefined },
  });
  return { lease, renewals };
}

it('renews every second while a call is inside, and stops when it leaves', async () => {
  const { lease, renewals } = leaseOver(async () => undefined);
  await lease.enter();
  expect(renewals).toEqual([lease.id]);
  await jest.advanceTimersByTimeAsync(3_000);
  expect(renewals).toHaveLength(4);
  lease.leave();
  await jest.advanceTimersByTimeAsync(5_000);
  expect(renewals).toHaveLength(4);
});

it('gives the caller a failed renewal and renews nothing afterwards: the entry is undone', async () => {
  const { lease, renewals } = leaseOver(async () => { throw new Error('store unreachable'); });
  await expect(lease.enter()).rejects.toThrow('store unreachable');
  expect(renewals).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(5_000);
  expect(renewals).toHaveLength(1);
});
