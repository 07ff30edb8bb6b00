// Makes an embedded index file look as an earlier version wrote it, for the tests of the search
// index migrations that add documents columns.
import Database from 'better-sqlite3';

export interface OlderIndex {
  /** How many documents rows have a value in `column`. */
  filled(column: string): number;
}

/** Drops `columns` from the documents table and forgets the search-index migrations from `version` on. */
export function rewindIndexLayout(file: string, columns: string[], version: number): OlderIndex {
  const raw = new Database(file);
  const documents = raw.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'search_documents_g%'").pluck().get() as string;
  for (const column of columns) {
    // SQLite refuses to drop an indexed column: the index goes first, as it was not there either.
    const indexes = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql LIKE ?").pluck().all(documents, `%${column}%`) as string[];
    for (const index of indexes) raw.exec(`DROP INDEX ${index}`);
    raw.exec(`ALTER TABLE ${documents} DROP COLUMN ${column}`);
  }
  raw.prepare("DELETE FROM schema_migrations WHERE component = 'searchIndex' AND version >= ?").run(version);
  raw.close();
  return {
    filled(column) {
      const reader = new Database(file, { readonly: true });
      try {
        return reader.prepare(`SELECT COUNT(${column}) FROM ${documents}`).pluck().get() as number;
      } finally {
        reader.close();
      }
    },
  };
}
