// Opens an embedded SQLite database the way every SQLite adapter here needs it, and applies
// numbered migrations. Shared by the store (adapters/sqlite/store) and the search index, which
// may live in the same file: migrations are tracked per component so their numbers never clash.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

export interface Migration {
  /** 1, 2, 3...: applied in order, each exactly once per database and component. */
  version: number;
  name: string;
  /** SQL (may hold several statements) or a function for steps SQL alone cannot express. */
  up: string | ((db: SqliteDatabase) => void);
}

/** How long a connection waits for another process's lock before SQLITE_BUSY, unless told otherwise. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

export interface OpenDatabaseOptions {
  /** Path of the database file, or ':memory:'. Missing parent directories are created. */
  file: string;
  /** How long a writer waits for another process's lock before SQLITE_BUSY. */
  busyTimeoutMs?: number;
}

export function openDatabase(options: OpenDatabaseOptions): SqliteDatabase {
  const inMemory = options.file === ':memory:' || options.file === '';
  if (!inMemory) mkdirSync(dirname(options.file), { recursive: true });
  const db = new Database(options.file);
  try {
    // WAL: readers never block the writer, and the separate indexer process can read while the API writes.
    if (!inMemory) db.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode; only an OS crash can lose the last commits.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS))}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Applies the migrations of `component` not applied yet, all in one IMMEDIATE transaction so two
 * processes starting together cannot both apply a step. Refuses a database migrated by a newer build.
 */
export function runMigrations(db: SqliteDatabase, component: string, migrations: readonly Migration[]): number[] {
  checkNumbering(component, migrations);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    component TEXT NOT NULL,
    version INTEGER NOT NULL,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL,
    PRIMARY KEY (component, version)
  )`);
  const appliedNow: number[] = [];
  const apply = db.transaction(() => {
    const row = db
      .prepare('SELECT MAX(version) AS version FROM schema_migrations WHERE component = ?')
      .get(component) as { version: number | null };
    const current = row.version ?? 0;
    const known = migrations.length === 0 ? 0 : migrations[migrations.length - 1].version;
    if (current > known) {
      throw new Error(
        `Database schema for "${component}" is at version ${current}, newer than this build knows (${known}); upgrade the service`,
      );
    }
    const record = db.prepare('INSERT INTO schema_migrations (component, version, name, applied_at) VALUES (?, ?, ?, ?)');
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      if (typeof migration.up === 'string') db.exec(migration.up);
      else migration.up(db);
      record.run(component, migration.version, migration.name, new Date().toISOString());
      appliedNow.push(migration.version);
    }
  });
  apply.immediate();
  return appliedNow;
}

function checkNumbering(component: string, migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migrations of "${component}" must be numbered 1..n without gaps; found ${migration.version} at ${index + 1}`);
    }
  });
}
