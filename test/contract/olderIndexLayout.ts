// Makes an embedded index file look as an earlier version wrote it, for the tests of the search
// index migrations that change the documents table.
import Database from 'better-sqlite3';

export interface OlderIndex {
  /** How many documents rows have a value in `column`. */
  filled(column: string): number;
}

/** The search index migration that moved the document JSON out of the documents table. */
const SEPARATE_JSON_VERSION = 7;

/**
 * Drops `columns` from the documents table and forgets the search-index migrations from `version`
 * on. Before version 7 the document JSON was the documents table's last column and had no table
 * of its own: a rewind that far puts it back there.
 */
export function rewindIndexLayout(file: string, columns: string[], version: number): OlderIndex {
  const raw = new Database(file);
  const documents = raw.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'search_documents_g%'").pluck().get() as string;
  for (const column of columns) {
    // SQLite refuses to drop an indexed column: the index goes first, as it was not there either.
    const indexes = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql LIKE ?").pluck().all(documents, `%${column}%`) as string[];
    for (const index of indexes) raw.exec(`DROP INDEX ${index}`);
    raw.exec(`ALTER TABLE ${documents} DROP COLUMN ${column}`);
  }
  if (version <= SEPARATE_JSON_VERSION) {
    const json = documents.replace('search_documents_', 'search_json_');
    // ADD COLUMN ... NOT NULL needs a default; every row gets its JSON right after.
    raw.exec(`ALTER TABLE ${documents} ADD COLUMN document TEXT NOT NULL DEFAULT ''`);
    raw.exec(`UPDATE ${documents} SET document = (SELECT document FROM ${json} WHERE ${json}.row_id = ${documents}.row_id)`);
    raw.exec(`DROP TABLE ${json}`);
  }
  raw.prepare("DELETE FROM schema_migrations WHERE component = 'searchIndex' AND version >= ?").run(version);
  // No free pages left by the rewind itself: an older version's file would not have them.
  raw.exec('VACUUM');
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
