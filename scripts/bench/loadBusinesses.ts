// Writes the generated businesses straight into the store through its port (createMany, the
// bulk load: profiles and their change-feed entries, a batch per transaction) instead of 100 000
// HTTP calls. Generating a profile (exclusive-content scores, dedupe keys) costs about as much as
// storing it, so the two are timed apart: `storeMs` is the store's share of `elapsedMs`.
import type { BusinessProfile } from '../../src/domain/profile';
import type { Store } from '../../src/ports/store';

export interface LoadProgress {
  loaded: number;
  elapsedMs: number;
  /** Time spent inside the store's createMany, the rest being generation. */
  storeMs: number;
}

/** Profiles per createMany: large enough that the commit is a small share, small enough to show progress. */
export const LOAD_BATCH = 1000;

export async function loadBusinesses(
  store: Store,
  businesses: Iterable<BusinessProfile>,
  onProgress?: (progress: LoadProgress) => void,
  every = 10_000,
): Promise<LoadProgress> {
  const started = performance.now();
  let loaded = 0;
  let storeMs = 0;
  let batch: BusinessProfile[] = [];
  const flush = async () => {
    const before = performance.now();
    await store.profiles.createMany(batch);
    storeMs += performance.now() - before;
    loaded += batch.length;
    batch = [];
    if (loaded % every === 0) onProgress?.({ loaded, elapsedMs: performance.now() - started, storeMs });
  };
  for (const profile of businesses) {
    batch.push(profile);
    if (batch.length === LOAD_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return { loaded, elapsedMs: performance.now() - started, storeMs };
}
