// What every part of the Store contract is handed: the store of the running test, the adapter's
// name and what its engine can do. The entry (../store.contract.ts) builds one per adapter; each
// part copies the current store into a local `store` in its own beforeEach, which runs after the
// one here that opens it, so the test bodies read exactly like tests against a plain variable.
import type { Store } from '../../../src/ports/store';

export interface StoreCapabilities {
  /** countAfter returns the exact number of pending changes (engines that can only estimate set false). */
  exactChangeCount?: boolean;
}

export interface StoreSuite {
  name: string;
  capabilities: StoreCapabilities;
  /** The fresh, empty store opened for the test now running. */
  store: () => Store;
}

type TestFn = () => Promise<void>;

/**
 * Opens a fresh store before each test of the enclosing describe and, after it, runs the adapter's
 * cleanup (dropping a test database, say) and closes the store.
 */
export function freshStorePerTest(
  createStore: () => Promise<Store>,
  cleanup?: (store: Store) => Promise<void>,
): () => Store {
  let store: Store;

  beforeEach(async () => {
    store = await createStore();
  });

  afterEach(async () => {
    await cleanup?.(store);
    await store.close();
  });

  return () => store;
}

/**
 * `it` for a case the engine supports; for one it does not (capability set to false), a skipped
 * test whose title names the reason, so the gap shows in every run instead of a forked suite.
 */
export function when(suite: StoreSuite, supported: boolean | undefined, reason: string) {
  return supported === false
    ? (title: string, fn: TestFn) => {
        console.info(`[store contract: ${suite.name}] skipped "${title}": ${reason}`);
        it.skip(`${title} (skipped: ${reason})`, fn);
      }
    : (title: string, fn: TestFn) => it(title, fn);
}
