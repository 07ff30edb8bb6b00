// Prepared statements keyed by their SQL. Search SQL varies with the filters present (and the
// generation in table names), so the set is open-ended but small in practice; the bound only
// keeps a long-running process from collecting statements of long-dropped generations.
import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../openDatabase';

export interface StatementCache {
  get(sql: string): Statement;
}

export function createStatementCache(db: SqliteDatabase, capacity = 256): StatementCache {
  const statements = new Map<string, Statement>();
  return {
    get(sql) {
      const cached = statements.get(sql);
      if (cached) {
        // Re-insert to mark as most recently used (Map keeps insertion order).
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = db.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
