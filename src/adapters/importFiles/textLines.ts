// The lines of a text file, streamed, with how many bytes were read so far (the progress of a file
// whose row count is unknown until the end).
import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface ReadProgress {
  bytesRead: number;
  bytesTotal: number;
}

/** Yields each line (without its line break) and a live view of the bytes read. */
export function textLines(file: string): { lines: AsyncIterable<string>; progress: () => ReadProgress } {
  const bytesTotal = statSync(file).size;
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  return { lines, progress: () => ({ bytesRead: stream.bytesRead, bytesTotal }) };
}

export function fraction({ bytesRead, bytesTotal }: ReadProgress): number {
  return bytesTotal === 0 ? 1 : Math.min(1, bytesRead / bytesTotal);
}
