// Resident memory of a started server: the largest process of the tree below the pid we hold (the
// server itself, or the node process below a launcher such as the tsx command). Reads /proc
// (Linux), so figures are the kernel's own.
import { readFileSync } from 'node:fs';

export interface ProcessMemory {
  pid: number;
  /** VmRSS and RssAnon (anonymous memory: heap, SQLite page caches; not mapped files), MiB. */
  rssMiB: number;
  anonMiB: number;
}

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function memoryOf(pid: number): ProcessMemory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { pid, rssMiB: Math.round(kib('VmRSS') / 1024), anonMiB: Math.round(kib('RssAnon') / 1024) };
  } catch {
    return null;
  }
}

/** The largest process in the tree below `rootPid` (the server itself, not its launcher). */
export function serverMemory(rootPid: number): ProcessMemory | null {
  const seen: ProcessMemory[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    const memory = memoryOf(pid);
    if (memory) seen.push(memory);
    queue.push(...children(pid));
  }
  return seen.sort((a, b) => b.rssMiB - a.rssMiB)[0] ?? null;
}
