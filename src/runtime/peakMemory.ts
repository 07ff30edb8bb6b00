// The peak resident memory of a long job (an index build, an import), every thread of the process
// counted. The kernel keeps the process's peak (getrusage's maxRSS); where Linux lets a process
// reset it (/proc/self/clear_refs), a job that starts after other work measures its own peak.
import { writeFileSync } from 'node:fs';

export interface PeakMemory {
  /** The largest resident set since the job started (or since the process did, where it cannot be reset), MiB. */
  peakMiB(): number;
  /** Whether the peak covers the job alone. */
  readonly sinceStart: boolean;
}

export function startPeakMemory(): PeakMemory {
  let sinceStart = false;
  if (process.platform === 'linux') {
    try {
      writeFileSync('/proc/self/clear_refs', '5');
      sinceStart = true;
    } catch {
      // Not allowed here (some sandboxes): the process's peak, a bound from above.
    }
  }
  return { peakMiB: () => Math.round(process.resourceUsage().maxRSS / 1024), sinceStart };
}

/** The resident set now, MiB. */
export function residentMiB(): number {
  return Math.round(process.memoryUsage.rss() / (1024 * 1024));
}

/** `peak RSS 2 940 MiB` (or `peak RSS of the process ...` when the peak may predate the job). */
export function peakMemoryText(peak: PeakMemory): string {
  return `peak RSS ${peak.sinceStart ? '' : 'of the process '}${peak.peakMiB()} MiB`;
}
