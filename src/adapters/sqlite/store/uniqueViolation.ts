// Translates SQLite's uniqueness failures for the repositories, so driver codes never leave the adapter.
import Database from 'better-sqlite3';

/**
 * True when `error` is a UNIQUE / PRIMARY KEY failure on exactly this index's columns.
 * SQLite names the columns in the message ("UNIQUE constraint failed: accounts.email_key"),
 * which is the only place it says which constraint broke.
 */
export function isUniqueViolation(error: unknown, table: string, columns: readonly string[]): boolean {
  if (!(error instanceof Database.SqliteError)) return false;
  if (error.code !== 'SQLITE_CONSTRAINT_UNIQUE' && error.code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
  const failed = error.message.replace(/^UNIQUE constraint failed: /, '');
  return failed === columns.map((column) => `${table}.${column}`).join(', ');
}
