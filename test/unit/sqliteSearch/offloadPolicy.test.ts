import { createOffloadPolicy } from '../../../src/adapters/sqlite/search/offloadPolicy';

function clockAt(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** One search at a time: offloaded ones finish before the next begins. */
function sequential(policy: ReturnType<typeof createOffloadPolicy>, searches: number): boolean[] {
  return Array.from({ length: searches }, () => {
    const offloaded = policy.offload();
    if (offloaded) policy.finished();
    return offloaded;
  });
}

it('keeps one client at a time on the event loop, probing a thread every 16th search', () => {
  const policy = createOffloadPolicy({ probeEvery: 16, now: clockAt().now });
  const decisions = sequential(policy, 64);
  expect(decisions.filter(Boolean)).toHaveLength(4);
  expect(decisions.map((offloaded, i) => (offloaded ? i : -1)).filter((i) => i >= 0)).toEqual([15, 31, 47, 63]);
});

it('switches to threads when a search starts while another is pending, and back after a quiet second', () => {
  const clock = clockAt();
  const policy = createOffloadPolicy({ probeEvery: 4, quietMs: 1000, now: clock.now });
  sequential(policy, 3);
  expect(policy.offload()).toBe(true); // the probe, still pending...
  expect(policy.offload()).toBe(true); // ...so this one overlaps it: busy
  policy.finished();
  policy.finished();
  clock.advance(500);
  expect(sequential(policy, 8).every(Boolean)).toBe(true); // within the quiet period
  clock.advance(1001);
  expect(sequential(policy, 3)).toEqual([false, false, false]);
});

it('never counts more finished searches than offloaded ones', () => {
  const policy = createOffloadPolicy({ probeEvery: 2, now: clockAt().now });
  policy.finished();
  policy.finished();
  // pending stays at 0: the probe below is not mistaken for an overlap
  expect(sequential(policy, 4)).toEqual([false, true, false, true]);
});
