// Translates SQLite's uniqueness failures for the repositories, so driver codes never leave the adapter.

interface SqliteFailure {
  code?: unknown;
  message?: unknown;
}

/**
 * True when `error` is a UNIQUE / PRIMARY KEY failure on exactly this index's columns.
 * SQLite names the columns in the message ("UNIQUE constraint failed: accounts.email_key"),
 * which is the only place it says which constraint broke. Checked by code, not by
 * `instanceof SqliteError`: the native module's class is shared by every loader of the
 * process (jest module registries, for one), so class identity is not reliable.
 */
export function isUniqueViolation(error: unknown, table: string, columns: readonly string[]): boolean {
  const failure = error as SqliteFailure | null;
  if (!failure || typeof failure.message !== 'string') return false;
  if (failure.code !== 'SQLITE_CONSTRAINT_UNIQUE' && failure.code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
  const failed = failure.message.replace(/^UNIQUE constraint failed: /, '');
  return failed === columns.map((column) => `${table}.${column}`).join(', ');
}
