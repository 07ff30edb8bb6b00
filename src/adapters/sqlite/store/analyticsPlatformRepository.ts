// Admin-registered AI platform names. Its own migration component, so the table can
// be added to an existing store file without touching the store's numbered steps.
import { ConflictError } from '../../../domain/errors';
import type { AnalyticsPlatformRecord, AnalyticsPlatformRepository } from '../../../ports/store';
import type { Migration, SqliteDatabase } from '../openDatabase';
import { isUniqueViolation } from './uniqueViolation';
import type { Synchronous } from './synchronous';

export const ANALYTICS_PLATFORMS_COMPONENT = 'analytics_platforms';

export const analyticsPlatformMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'analytics platforms',
    up: `
CREATE TABLE analytics_platforms (
  name TEXT PRIMARY KEY,
  display_name TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL
);`,
  },
];

interface Row {
  name: string;
  display_name: string;
  created_by: string;
  created_at: string;
}

const toRecord = (row: Row): AnalyticsPlatformRecord => ({ name: row.name, displayName: row.display_name, createdBy: row.created_by, createdAt: row.created_at });

export function createAnalyticsPlatformRepository(db: SqliteDatabase): Synchronous<AnalyticsPlatformRepository> {
  const insert = db.prepare<[string, string, string, string]>('INSERT INTO analytics_platforms (name, display_name, created_by, created_at) VALUES (?, ?, ?, ?)');
  const all = db.prepare<[], Row>('SELECT * FROM analytics_platforms ORDER BY name');
  const one = db.prepare<[string], { found: number }>('SELECT 1 AS found FROM analytics_platforms WHERE name = ?');

  return {
    add(record) {
      try {
        insert.run(record.name, record.displayName, record.createdBy, record.createdAt);
      } catch (error) {
        if (isUniqueViolation(error, 'analytics_platforms', ['name'])) {
          throw new ConflictError('DUPLICATE_PLATFORM', `The AI platform "${record.name}" is registered already`, { field: 'name' });
        }
        throw error;
      }
      return { ...record };
    },
    list() {
      return all.all().map(toRecord);
    },
    has(name) {
      return one.get(name) !== undefined;
    },
  };
}
