// How every connection to the embedded analytics file is set up: the writer thread's and the
// readers'. Each connection has its own page cache, so the size is per connection.
import type { SqliteDatabase } from '../openDatabase';

export interface AnalyticsConnectionOptions {
  /** Page cache of this connection, MiB. */
  cacheMiB: number;
}

export function prepareAnalyticsConnection(db: SqliteDatabase, options: AnalyticsConnectionOptions): void {
  db.pragma(`cache_size = -${Math.trunc(options.cacheMiB * 1024)}`);
  db.pragma('temp_store = MEMORY');
  // Event batches dirty many index pages at once: checkpoint the WAL every ~40 MB rather than
  // every 4 MB, so ingestion is not paced by checkpoints.
  db.pragma('wal_autocheckpoint = 10000');
}
