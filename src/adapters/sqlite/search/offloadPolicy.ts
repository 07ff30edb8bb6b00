// Decides, per search, whether it runs on the event loop or on a reader thread. A thread costs
// two thread wake-ups (about 0.3 ms on a 2-core VM) and pays off only when other requests are
// waiting meanwhile. A search on the event loop finishes before the next request is even read,
// so concurrency is only visible while a thread search is pending: every `probeEvery`-th search
// goes to a thread anyway, and a search that starts while another is pending switches to threads
// for `quietMs`. One client at a time keeps the event loop path; a crowd gets the threads.
export interface OffloadPolicy {
  /** True: send this search to a reader thread. Call once per search, then `finished()` for offloaded ones. */
  offload(): boolean;
  finished(): void;
}

export interface OffloadPolicyOptions {
  probeEvery?: number;
  quietMs?: number;
  now?: () => number;
}

export function createOffloadPolicy(options: OffloadPolicyOptions = {}): OffloadPolicy {
  const probeEvery = options.probeEvery ?? 16;
  const quietMs = options.quietMs ?? 1000;
  const now = options.now ?? (() => performance.now());
  let pending = 0;
  let lastConcurrentAt = -Infinity;
  let sinceProbe = 0;
  return {
    offload() {
      const at = now();
      if (pending > 0) lastConcurrentAt = at;
      const busy = at - lastConcurrentAt < quietMs;
      const probe = !busy && ++sinceProbe >= probeEvery;
      if (probe) sinceProbe = 0;
      if (busy || probe) pending += 1;
      return busy || probe;
    },
    finished() {
      pending = Math.max(0, pending - 1);
    },
  };
}

/** For tests and for callers that always want threads: every search is offloaded. */
export const ALWAYS_OFFLOAD: OffloadPolicy = { offload: () => true, finished: () => undefined };
