// The peak resident memory a long job reports: its own allocations are in it, and on Linux what
// the process held before the job started (then gave back) is not.
import { Worker } from 'node:worker_threads';
import { peakMemoryText, residentMiB, startPeakMemory } from '../../src/runtime/peakMemory';

const MiB = 1024 * 1024;

/** A thread that touches `mib` MiB and exits, giving the memory back. */
function holdAndRelease(mib: number): Promise<void> {
  const worker = new Worker(`const b = Buffer.alloc(${mib * MiB}, 1); require('node:worker_threads').parentPort.postMessage(b[b.length - 1]);`, { eval: true });
  return new Promise<void>((resolve, reject) => {
    worker.once('message', (last) => (last === 1 ? resolve() : reject(new Error('the buffer was not filled'))));
    worker.once('error', reject);
  }).then(() => worker.terminate().then(() => undefined));
}

it('counts what the job touches', () => {
  const peak = startPeakMemory();
  const before = residentMiB();
  const held = Buffer.alloc(192 * MiB, 1);
  expect(held[held.length - 1]).toBe(1);
  expect(peak.peakMiB()).toBeGreaterThanOrEqual(before + 180);
  expect(peakMemoryText(peak)).toMatch(/^peak RSS (of the process )?\d+ MiB$/);
});

it('on Linux, leaves out what the process held and gave back before the job started; elsewhere says the peak is the process\'s', async () => {
  await holdAndRelease(256);
  const processPeak = Math.round(process.resourceUsage().maxRSS / 1024);
  const peak = startPeakMemory();
  if (process.platform !== 'linux') {
    expect(peak.sinceStart).toBe(false);
    expect(peakMemoryText(peak)).toMatch(/^peak RSS of the process \d+ MiB$/);
    return;
  }
  expect(peak.sinceStart).toBe(true);
  expect(peak.peakMiB()).toBeLessThan(processPeak - 200);
  expect(peakMemoryText(peak)).toMatch(/^peak RSS \d+ MiB$/);
});
