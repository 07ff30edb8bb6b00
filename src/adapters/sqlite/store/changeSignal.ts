// Wakes change-feed readers of this process as soon as a profile write commits, so a waiting
// reader does not have to sit out a poll interval. Writes from other processes are found by polling.

export interface ChangeSignal {
  /** Called after a profile write commits. */
  notify(): void;
  /** Resolves on the next notify(), after `ms`, or on close(), whichever comes first. */
  wait(ms: number): Promise<void>;
  /** Releases every waiter; later waits resolve at once. */
  close(): void;
}

export function createChangeSignal(): ChangeSignal {
  const waiters = new Set<() => void>();
  let closed = false;

  const releaseAll = () => {
    const pending = [...waiters];
    waiters.clear();
    for (const release of pending) release();
  };

  return {
    notify: releaseAll,
    wait(ms) {
      if (closed || ms <= 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          waiters.delete(release);
          resolve();
        };
        const timer = setTimeout(release, ms);
        waiters.add(release);
      });
    },
    close() {
      closed = true;
      releaseAll();
    },
  };
}
