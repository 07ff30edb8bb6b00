// The progress bar of the long-running commands (npm run reindex, import, analytics:rebuild):
// `[#########.....................] 30% <what is done>`, rewritten in place on a terminal and
// printed as a line now and then when the output is a log or a pipe.

import type { ReindexProgress } from '../../indexer/fullReindex';
import { residentMiB } from './peakMemory';

const WIDTH = 30;

/** `[#########.....................] 30%` for a share between 0 and 1. */
export function progressBar(share: number): string {
  const bounded = Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 0;
  const filled = Math.round(bounded * WIDTH);
  return `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${Math.round(bounded * 100)}%`;
}

export interface ProgressLine {
  /** Shows the line: in place on a terminal; elsewhere printed every `every` ms (the first after `every` ms). */
  update(line: string): void;
  /** Shows the last line for good (a line of its own, even off a terminal). */
  finish(line: string): void;
}

export function progressLine(stream: NodeJS.WriteStream = process.stderr, every = 10_000): ProgressLine {
  const interactive = stream.isTTY === true;
  let printedAt = Date.now();
  return {
    update(line) {
      if (interactive) {
        stream.write(`\r${line}\u001b[K`);
      } else if (Date.now() - printedAt >= every) {
        stream.write(`${line}\n`);
        printedAt = Date.now();
      }
    },
    finish(line) {
      stream.write(interactive ? `\r${line}\u001b[K\n` : `${line}\n`);
    },
  };
}

/** `[#########.........] 45% 45000/100000 profiles, 0 failed, 0 skipped, 2300/s, RSS 1400 MiB`: an index build's line. */
export function reindexProgress(progress: ReindexProgress, total: number, startedAt: number): string {
  const seconds = (Date.now() - startedAt) / 1000;
  const rate = seconds > 0 ? Math.round(progress.scanned / seconds) : 0;
  return `${progressBar(total > 0 ? progress.scanned / total : 1)} ${progress.scanned}/${total} profiles, ${progress.failed} failed, ${progress.skipped} skipped, ${rate}/s, RSS ${residentMiB()} MiB`;
}
