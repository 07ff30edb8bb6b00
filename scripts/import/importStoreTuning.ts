// How an import's connections use the embedded store (every connection that writes during the
// import: the threads' and the one committing the run's position). A bulk writer outgrows
// SQLite's defaults in two ways: its indexes need more page cache than 2 MiB, and copying the
// write-ahead log into the database every 4 MiB (1 000 pages) costs a tenth of each row's write.
import type { StoreTuning } from '../../src/runtime/openStore';

export const IMPORT_STORE_TUNING: StoreTuning = {
  /** Room for the indexes a large import writes into at random places (ids, dedupe keys), which past a few hundred thousand profiles outgrow 2 MiB. */
  cacheMiB: 128,
  /** A checkpoint every few batches instead of one or more per batch (measured: write 69-74 -> 64-65 us a row). */
  checkpointMiB: 64,
};
